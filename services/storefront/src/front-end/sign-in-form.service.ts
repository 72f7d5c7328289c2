import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientAddresses, forwardedHeadersOf, SERVICE_CONFIG, UpstreamPool } from '@shop/service-kit';
import { SIGN_IN_FORM, SIGN_IN_HANDOFF_SECONDS, signInHandoffCookieName, TOO_MANY_ACCOUNT_FAILURES, type SignInFormError, type UserInfoDto } from '@shop/contracts';
import type { StorefrontConfig } from '../config.js';

/** The users service's sign-in, the one the browser's `POST /api/users/login` reaches. */
const USERS_SIGN_IN_PATH = '/api/users/login';
/** A UserInfoDto is a few hundred bytes; anything near this is not one. */
const MAX_USER_INFO_BYTES = 64 * 1024;
/**
 * The longest form fields passed on to the users service: longer is no account's (the service takes
 * emails of at most 254 characters and passwords of at most 128), refused without asking it.
 */
export const MAX_FORM_EMAIL_LENGTH = 254;
export const MAX_FORM_PASSWORD_LENGTH = 1024;
/** Browsers keep a cookie of at most 4096 bytes (name, value and attributes); a longer one is dropped without a word. */
const MAX_COOKIE_BYTES = 4096;

/** What a form's sign-in came to: the handoff cookie to give, or why not. */
export type SignInFormOutcome = { signedIn: true; cookie: string } | { signedIn: false; error: SignInFormError };

/** The one value of a form field, or undefined when it is missing, given twice, blank or too long. */
function fieldOf(fields: URLSearchParams, name: string, maxLength: number): string | undefined {
  const values = fields.getAll(name);
  return values.length === 1 && values[0].length > 0 && values[0].length <= maxLength ? values[0] : undefined;
}

const messageOf = (body: unknown): unknown => (typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined);

const isUserInfo = (body: unknown): body is UserInfoDto =>
  typeof body === 'object' && body !== null && typeof (body as { token?: unknown }).token === 'string' && typeof (body as { name?: unknown }).name === 'string';

/**
 * Signs a shopper in from the plain HTML sign-in form (docs/ssr.md, "Forms before and without the
 * shell"): through the users service, exactly as the browser's `POST /api/users/login` would (the same
 * JSON, the same forwarding headers and request id, so the service counts the attempt against the
 * shopper's address as it counts theirs), on the UpstreamPool. Never retried on another
 * replica (the attempt may have been counted), never an error of its own: every outcome is one of the
 * form's (signed in, or an `error` code).
 */
@Injectable()
export class SignInForm {
  private readonly logger = new Logger('SignInForm');
  private readonly timeoutMs: number;

  constructor(
    @Inject(SERVICE_CONFIG) config: StorefrontConfig,
    private readonly pool: UpstreamPool,
    private readonly clients: ClientAddresses,
  ) {
    this.timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  }

  /**
   * Signs in with the form's `fields` for the request `req` (whose address and headers the users
   * service gets). The password and the token are never logged.
   */
  async signIn(req: IncomingMessage, requestId: string, fields: URLSearchParams): Promise<SignInFormOutcome> {
    const email = fieldOf(fields, SIGN_IN_FORM.email, MAX_FORM_EMAIL_LENGTH);
    const password = fieldOf(fields, SIGN_IN_FORM.password, MAX_FORM_PASSWORD_LENGTH);
    // What the users service would refuse with 400: no account's email and password.
    if (email === undefined || password === undefined) return { signedIn: false, error: 'credentials' };
    const replica = this.pool.pick('users');
    const reply = await this.pool.postJson(replica, USERS_SIGN_IN_PATH, { email, password }, {
      headers: forwardedHeadersOf(req, requestId, this.clients.of(req)),
      timeoutMs: this.timeoutMs,
      maxBytes: MAX_USER_INFO_BYTES,
    });
    if (!reply.answered) {
      this.logger.warn(`users at ${replica.url} ${reply.reason === 'timed out' ? 'did not answer in time' : 'could not be reached'}`);
      return { signedIn: false, error: 'unavailable' };
    }
    switch (reply.status) {
      case 200:
        break;
      case 400:
      case 401:
        return { signedIn: false, error: 'credentials' };
      case 429:
        // Too many failed sign-ins: the account's own limit or the address's, as the service said.
        return { signedIn: false, error: messageOf(reply.body) === TOO_MANY_ACCOUNT_FAILURES ? 'account-failures' : 'failures' };
      case 503:
        return { signedIn: false, error: 'busy' };
      default:
        this.logger.warn(`users at ${replica.url} answered ${reply.status}`);
        return { signedIn: false, error: 'unavailable' };
    }
    if (!isUserInfo(reply.body)) {
      this.logger.warn(`users at ${replica.url} answered 200 with no user's session`);
      return { signedIn: false, error: 'unavailable' };
    }
    const cookie = handoffCookieOf(reply.body, this.clients.overHttps(req));
    if (Buffer.byteLength(cookie) > MAX_COOKIE_BYTES) {
      // A browser would drop it, and the shopper would land signed out without a word.
      this.logger.warn(`the session of a form sign-in makes a cookie of ${Buffer.byteLength(cookie)} bytes, more than a browser keeps`);
      return { signedIn: false, error: 'unavailable' };
    }
    return { signedIn: true, cookie };
  }
}

/**
 * The cookie that carries a form sign-in's session to the page it lands on (signInHandoffCookieName: `__Host-` prefixed over HTTPS):
 * the user's info as the users service gave it, JSON, percent-encoded; for a minute, this site's own
 * requests only, over HTTPS only when the browser came over HTTPS. Not HttpOnly: the next page's
 * first-paint script reads it into local storage and deletes it.
 */
export function handoffCookieOf(user: UserInfoDto, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(user));
  return `${signInHandoffCookieName(secure)}=${value}; Path=/; Max-Age=${SIGN_IN_HANDOFF_SECONDS}; SameSite=Strict${secure ? '; Secure' : ''}`;
}
