/**
 * Which shoppers see a canary: each browser gets a cohort, a number 0–99 kept in a cookie, and sees a
 * remote's canary when its cohort is below the canary's percent. So a browser keeps its builds from
 * one page to the next, raising a canary from 10 % to 20 % keeps the first 10 % on it, and one cohort
 * holds for every remote (a shopper on canaries is on all of them, which keeps the mixes few).
 */
export const COHORT_COOKIE = 'shop_cohort';

/** The cohort a Cookie header names, or undefined for none or anything but 0–99. */
export function cohortOf(cookieHeader: string | undefined): number | undefined {
  if (!cookieHeader) return undefined;
  const match = new RegExp(`(?:^|;\\s*)${COHORT_COOKIE}=(\\d{1,2})(?:;|$)`).exec(cookieHeader);
  return match ? Number(match[1]) : undefined;
}

export const newCohort = (): number => Math.floor(Math.random() * 100);

export const inCanary = (cohort: number | undefined, percent: number): boolean => cohort !== undefined && cohort < percent;

/** The Set-Cookie header for a cohort: a year, the whole site, not for scripts. */
export const cohortCookie = (cohort: number, secure: boolean): string =>
  `${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
