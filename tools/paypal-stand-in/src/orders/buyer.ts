/**
 * The buyer who approves an order in PayPal's window. The stand-in has no
 * accounts: whoever approves is described by the approval request, or is the
 * sandbox's usual personal account.
 */
import { payerIdFor } from '../ids.js';
import { Issues, isPlainObject, optionalString } from '../validation.js';
import type { Payer } from './order.js';

/** Who approves when nobody says otherwise. */
export const DEFAULT_BUYER = { email_address: 'sb-buyer@personal.example.com', given_name: 'John', surname: 'Doe', country_code: 'US' };

/**
 * What may describe a buyer: an e-mail address, a name (either "Jane Roe" or
 * PayPal's `{ given_name, surname }`), a payer id and a country.
 */
export interface BuyerInput {
  email_address?: string;
  name?: string | { given_name?: string; surname?: string };
  payer_id?: string;
  country_code?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
const PAYER_ID_PATTERN = /^[2-9A-HJ-NP-Z]{13}$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;

/** The payer described by `raw` (the `payer` of an approval request), defaults filled in; throws a 400 for a bad one. */
export function readBuyer(raw: unknown, field = '/payer'): Payer {
  if (raw === undefined || raw === null) return buyerOf({});
  const issues = new Issues();
  if (!isPlainObject(raw)) {
    issues.malformed('INVALID_PARAMETER_SYNTAX', field, raw);
    issues.throwIfAny();
  }
  const input = raw as Record<string, unknown>;
  const email = optionalString(input, 'email_address', `${field}/email_address`, 254, issues);
  if (email !== undefined && !EMAIL_PATTERN.test(email)) issues.malformed('INVALID_PARAMETER_SYNTAX', `${field}/email_address`, email);
  const payerId = optionalString(input, 'payer_id', `${field}/payer_id`, 13, issues);
  if (payerId !== undefined && !PAYER_ID_PATTERN.test(payerId)) issues.malformed('INVALID_PARAMETER_SYNTAX', `${field}/payer_id`, payerId);
  const country = optionalString(input, 'country_code', `${field}/country_code`, 2, issues);
  if (country !== undefined && !COUNTRY_PATTERN.test(country)) issues.malformed('INVALID_PARAMETER_SYNTAX', `${field}/country_code`, country);
  const name = readName(input.name, `${field}/name`, issues);
  issues.throwIfAny();
  return buyerOf({ email_address: email, payer_id: payerId, country_code: country, name });
}

function readName(raw: unknown, field: string, issues: Issues): BuyerInput['name'] {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string') return optionalString({ name: raw }, 'name', field, 140, issues);
  if (!isPlainObject(raw)) {
    issues.malformed('INVALID_PARAMETER_SYNTAX', field, raw);
    return undefined;
  }
  return {
    given_name: optionalString(raw, 'given_name', `${field}/given_name`, 140, issues),
    surname: optionalString(raw, 'surname', `${field}/surname`, 140, issues),
  };
}

/** A complete payer from a partial description. */
export function buyerOf(input: BuyerInput): Payer {
  const email = input.email_address ?? DEFAULT_BUYER.email_address;
  let givenName = DEFAULT_BUYER.given_name;
  let surname = DEFAULT_BUYER.surname;
  if (typeof input.name === 'string') {
    const [first, ...rest] = input.name.trim().split(/\s+/);
    givenName = first;
    surname = rest.join(' ');
  } else if (input.name) {
    givenName = input.name.given_name ?? givenName;
    surname = input.name.surname ?? surname;
  }
  return {
    name: { given_name: givenName, surname },
    email_address: email,
    payer_id: input.payer_id ?? payerIdFor(email),
    address: { country_code: input.country_code ?? DEFAULT_BUYER.country_code },
  };
}
