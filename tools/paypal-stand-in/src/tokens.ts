/** The OAuth access tokens the stand-in issued, valid for nine hours like PayPal's. */
import { newAccessToken, newNonce } from './ids.js';

export const TOKEN_LIFETIME_SECONDS = 32_400;

/** The scopes of PayPal's client-credentials tokens that matter to a shop. */
const SCOPE = [
  'https://uri.paypal.com/services/payments/payment',
  'https://uri.paypal.com/services/payments/refund',
  'https://uri.paypal.com/services/payments/orders',
  'https://uri.paypal.com/services/payments/realtimepayment',
  'openid',
].join(' ');

/** The app id of PayPal's sandbox apps. */
const APP_ID = 'APP-80W284485P519543T';

export interface TokenAnswer {
  scope: string;
  access_token: string;
  token_type: 'Bearer';
  app_id: string;
  expires_in: number;
  nonce: string;
}

export class TokenStore {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new token, as POST /v1/oauth2/token answers it. */
  issue(): TokenAnswer {
    const token = newAccessToken();
    this.expiries.set(token, this.now() + TOKEN_LIFETIME_SECONDS * 1000);
    return { scope: SCOPE, access_token: token, token_type: 'Bearer', app_id: APP_ID, expires_in: TOKEN_LIFETIME_SECONDS, nonce: newNonce() };
  }

  /** Whether an `Authorization` header carries a token this stand-in issued and that has not expired. */
  authorizes(header: string | undefined): boolean {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    const expiry = token === undefined ? undefined : this.expiries.get(token);
    if (token === undefined || expiry === undefined) return false;
    if (expiry > this.now()) return true;
    this.expiries.delete(token);
    return false;
  }
}
