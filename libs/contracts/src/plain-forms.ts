/**
 * The storefront's plain HTML forms (docs/ssr.md, "Forms before and without the shell"): what the header's
 * search box and the sign-in form send when the browser submits them itself, because JavaScript is off or
 * the shell has not started. The gateway answers them; the forms and the first-paint script read what it
 * answers. Neither side imports the other: this file is their contract.
 */
import { redirectTarget } from './sign-in-redirect.js';

/** The search box's form: `GET /search?q=<text>`, answered with a redirect to searchPath(text). */
export const SEARCH_FORM = { action: '/search', field: 'q' } as const;

/**
 * The longest search text, in characters: the catalog's keyword limit (longer is its 400), so the search
 * boxes take no more (their `maxLength`) and the form's redirect refuses a longer one.
 */
export const MAX_SEARCH_TEXT_LENGTH = 100;

/**
 * The sign-in form: `POST /login[?redirect=x]`, `application/x-www-form-urlencoded`, fields `email` and
 * `password`. The gateway signs in through the users service and answers 303 See Other:
 * - signed in: to signedInTarget(x), with the session in the short-lived SIGN_IN_HANDOFF_COOKIE, which the
 *   page it lands on (marked SIGN_IN_HANDOFF_MARK) has its first-paint script move into local storage
 *   (where the spec keeps the session) and delete;
 * - not: back to /login, the redirect kept, `error` one of SIGN_IN_FORM_ERRORS' codes.
 */
export const SIGN_IN_FORM = { action: '/login', email: 'email', password: 'password', error: 'error' } as const;

/**
 * The cookie that carries a form sign-in's session to the page it lands on, for a minute at most. Over
 * HTTPS its name has the `__Host-` prefix: the browser then keeps it only if this host set it Secure, for
 * the whole site and no domain, so a neighbouring subdomain cannot plant a session of its choosing (the
 * first-paint script takes only that name on an HTTPS page).
 */
export const SIGN_IN_HANDOFF_COOKIE = 'shop_signin';
export const SIGN_IN_HANDOFF_SECONDS = 60;

/**
 * The fragment of the address a form sign-in lands on (`/shipping#shop-signed-in`): the first-paint script
 * reads cookies only on a page so marked, then takes the mark off the address. Reading `document.cookie`
 * holds the page until the browser's other processes answer (8-43 ms unthrottled in Lighthouse's runs,
 * docs/ssr.md); every page no form sign-in just led to is spared it. A fragment, not a query: it never
 * reaches the server, so the page stays one page for its caches, and a browser without JavaScript, which
 * cannot take the cookie anyway, keeps a harmless mark.
 */
export const SIGN_IN_HANDOFF_MARK = 'shop-signed-in';

/** Where a successful form sign-in sends the browser: redirectTarget(x) with SIGN_IN_HANDOFF_MARK. */
export function signedInTarget(redirect: string | null): string {
  return `${redirectTarget(redirect)}#${SIGN_IN_HANDOFF_MARK}`;
}

/** The handoff cookie's name for a browser that came over HTTPS or not. */
export function signInHandoffCookieName(overHttps: boolean): string {
  return overHttps ? `__Host-${SIGN_IN_HANDOFF_COOKIE}` : SIGN_IN_HANDOFF_COOKIE;
}

/** The users service's 429 to a sign-in: too many failures from the client's address, whatever the email. */
export const TOO_MANY_SIGN_IN_FAILURES = 'Too many failed sign-in attempts, please try again later';
/** The users service's 429 to a sign-in: too many failures for the account, from anywhere. */
export const TOO_MANY_ACCOUNT_FAILURES = 'Too many failed sign-in attempts for this account, please wait a moment and try again';

/**
 * Why a form sign-in failed, as a code in the address (`/login?error=credentials`) and the text the form
 * then shows. Codes, never texts: an address anyone can make must not put words of their choosing on the
 * shop's page.
 */
export const SIGN_IN_FORM_ERRORS = {
  credentials: 'Invalid email or password',
  failures: TOO_MANY_SIGN_IN_FAILURES,
  'account-failures': TOO_MANY_ACCOUNT_FAILURES,
  busy: 'Too many people are signing in or up right now, please try again in a few seconds',
  unavailable: 'Signing in is not possible right now, please try again in a moment',
} as const;

export type SignInFormError = keyof typeof SIGN_IN_FORM_ERRORS;

/** The text for an `error` code of the address, or undefined for none or one the shop does not give. */
export function signInFormErrorText(code: string | null | undefined): string | undefined {
  return code && Object.hasOwn(SIGN_IN_FORM_ERRORS, code) ? SIGN_IN_FORM_ERRORS[code as SignInFormError] : undefined;
}
