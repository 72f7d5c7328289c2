/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { SIGN_IN_HANDOFF_COOKIE, SIGN_IN_HANDOFF_MARK } from '@shop/contracts';

/** The inline script as index.html carries it (rspack.config.mjs reads the same file). */
const FIRST_PAINT = readFileSync(new URL('./first-paint.js', import.meta.url), 'utf8');
const runFirstPaint = () => new Function(FIRST_PAINT)() as void;

const SESSION = { _id: 'u1', name: 'Ann "Lee"', email: 'ann@example.com', isAdmin: false, token: 'a.b.c' };
const handOver = (value: unknown) => (document.cookie = `${SIGN_IN_HANDOFF_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; Path=/`);
const cookieHeld = () => document.cookie.includes(`${SIGN_IN_HANDOFF_COOKIE}=`);
const stored = () => JSON.parse(window.localStorage.getItem('userInfo') ?? 'null') as typeof SESSION | null;

describe('the first-paint script and the sign-in form’s handoff (libs/contracts: plain-forms.ts)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.cookie = `${SIGN_IN_HANDOFF_COOKIE}=; Path=/; Max-Age=0`;
    window.history.replaceState(null, '', '/cart');
    document.documentElement.removeAttribute('data-shop-session');
  });

  it('leaves the handoff cookie alone on a page no form sign-in led to', () => {
    handOver(SESSION);
    runFirstPaint();
    expect(stored()).toBeNull();
    expect(cookieHeld()).toBe(true);
    expect(document.documentElement.getAttribute('data-shop-session')).toBeNull();
  });

  it('moves the session into local storage on the page marked by the sign-in, deletes the cookie and the mark', () => {
    handOver(SESSION);
    window.history.replaceState(null, '', `/shipping?step=1#${SIGN_IN_HANDOFF_MARK}`);
    runFirstPaint();
    expect(stored()).toEqual(SESSION);
    expect(cookieHeld()).toBe(false);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/shipping?step=1');
    expect(document.documentElement.getAttribute('data-shop-session')).toBe('customer');
  });

  it('stores nothing that is not a session, and still deletes the cookie', () => {
    handOver({ name: 'no token' });
    window.history.replaceState(null, '', `/#${SIGN_IN_HANDOFF_MARK}`);
    runFirstPaint();
    expect(stored()).toBeNull();
    expect(cookieHeld()).toBe(false);
  });

  it('keeps any other fragment of the address', () => {
    window.history.replaceState(null, '', '/product/42#reviews');
    runFirstPaint();
    expect(window.location.hash).toBe('#reviews');
  });
});
