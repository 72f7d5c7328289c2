/**
 * Identifiers and timestamps shaped like PayPal's, so that code written
 * against the stand-in also accepts what the real API answers.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

const UPPER_ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** PayPal's payer and merchant ids avoid 0, 1, I and O (`^[2-9A-HJ-NP-Z]{13}$`). */
const ACCOUNT_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function randomFrom(alphabet: string, length: number): string {
  let id = '';
  for (let i = 0; i < length; i++) id += alphabet[randomInt(alphabet.length)];
  return id;
}

/** An order id: 17 upper-case letters and digits, like `5O190127TN364715T`. */
export const newOrderId = (): string => randomFrom(UPPER_ALNUM, 17);

/** A capture id, shaped like an order id. */
export const newCaptureId = (): string => randomFrom(UPPER_ALNUM, 17);

/** A merchant (payee) account id. */
export const newMerchantId = (): string => randomFrom(ACCOUNT_ALPHABET, 13);

/** The payer id of a buyer: the same e-mail address always gets the same id. */
export function payerIdFor(email: string): string {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  let id = '';
  for (let i = 0; i < 13; i++) id += ACCOUNT_ALPHABET[digest[i] % ACCOUNT_ALPHABET.length];
  return id;
}

/** The `debug_id` of an answer: 13 hexadecimal digits. */
export const newDebugId = (): string => randomBytes(7).toString('hex').slice(0, 13);

/** An OAuth access token, opaque like PayPal's (`A21AA…`). */
export const newAccessToken = (): string => `A21AA${randomBytes(48).toString('base64url')}`;

/** A timestamp as PayPal writes it: UTC, seconds, no milliseconds (`2026-11-23T10:00:00Z`). */
export const paypalTime = (date: Date = new Date()): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The `nonce` of a token answer: its time followed by random characters. */
export const newNonce = (): string => `${paypalTime()}${randomBytes(32).toString('base64url')}`;
