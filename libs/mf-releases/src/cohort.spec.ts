import { cohortCookie, cohortOf, COHORT_COOKIE, inCanary, newCohort } from './cohort.js';

describe("a shopper's cohort", () => {
  it('is read from the Cookie header, 0 to 99', () => {
    expect(cohortOf(`${COHORT_COOKIE}=0`)).toBe(0);
    expect(cohortOf('shop_cohort=5')).toBe(5);
    expect(cohortOf('shop_cohort=99')).toBe(99);
  });

  it('is found among other cookies, wherever it stands', () => {
    expect(cohortOf('theme=dark; shop_cohort=42; session=abc')).toBe(42);
    expect(cohortOf('theme=dark;shop_cohort=7')).toBe(7);
    expect(cohortOf('shop_cohort=13; theme=dark')).toBe(13);
  });

  it('is none for anything but a number 0 to 99 under its own name', () => {
    for (const header of [undefined, '', 'shop_cohort=100', 'shop_cohort=-1', 'shop_cohort=abc', 'shop_cohort=', 'shop_cohort=5x', 'shop_cohort=1.5', 'my_shop_cohort=5', 'xshop_cohort=5; theme=dark']) {
      expect(cohortOf(header)).toBeUndefined();
    }
  });

  it('sees the canary when below its percent', () => {
    expect(inCanary(0, 1)).toBe(true);
    expect(inCanary(19, 20)).toBe(true);
    expect(inCanary(20, 20)).toBe(false);
    expect(inCanary(undefined, 99)).toBe(false);
  });

  it('is a new whole number 0 to 99 for a browser without one, given for a year, not to scripts', () => {
    expect(Array.from({ length: 200 }, newCohort).every((cohort) => Number.isInteger(cohort) && cohort >= 0 && cohort <= 99)).toBe(true);
    expect(cohortCookie(7, false)).toBe('shop_cohort=7; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly');
    expect(cohortCookie(7, true)).toMatch(/; Secure$/);
    expect(cohortOf(cohortCookie(63, true))).toBe(63);
  });
});
