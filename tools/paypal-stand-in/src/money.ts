/**
 * PayPal's money: `{ currency_code, value }` with the value a decimal string.
 * Amounts are checked and summed in integer minor units (no float drift) and
 * always answered with the currency's decimals, as PayPal does (`'10.50'`).
 */
import { type Issues, isPlainObject } from './validation.js';

/**
 * The currencies PayPal accepts for payments, with their number of decimals. A Map, since codes come
 * from requests (a body's `currency_code`, the SDK's `?currency=`): `constructor` or `toString` must
 * be an unknown currency, not a hit on Object's own properties.
 */
const CURRENCY_DECIMALS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    AUD: 2, BRL: 2, CAD: 2, CHF: 2, CNY: 2, CZK: 2, DKK: 2, EUR: 2, GBP: 2, HKD: 2, HUF: 0, ILS: 2,
    JPY: 0, MXN: 2, MYR: 2, NOK: 2, NZD: 2, PHP: 2, PLN: 2, SEK: 2, SGD: 2, THB: 2, TWD: 0, USD: 2,
  }),
);

/** The number of decimals of a currency PayPal accepts; undefined for any other code. */
export const currencyDecimals = (code: string): number | undefined => CURRENCY_DECIMALS.get(code);

/** Money as PayPal writes it. */
export interface Money {
  currency_code: string;
  value: string;
}

/** Money read from a request, with its amount in minor units (cents). */
export interface Amount extends Money {
  minor: bigint;
  decimals: number;
}

/** PayPal's pattern for `value`, and its maximum length. */
const VALUE_PATTERN = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
const VALUE_MAX_LENGTH = 32;

/** Whether an amount must be over zero (a total) or may be zero (a breakdown line). */
export type AmountSign = 'positive' | 'not-negative';

/** Writes minor units as a decimal string with the currency's decimals. */
export function formatMinor(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative ? `-${whole}` : whole;
}

/** An amount of `minor` units of `currency`, as PayPal writes it. */
export function moneyOf(minor: bigint, currency: string): Amount {
  const decimals = currencyDecimals(currency) ?? 2;
  return { currency_code: currency, value: formatMinor(minor, decimals), minor, decimals };
}

/** Drops the minor units, leaving the money as it goes over the wire. */
export const wire = ({ currency_code, value }: Money): Money => ({ currency_code, value });

/**
 * Reads a money object at `field` (a JSON path such as `/purchase_units/@reference_id=='default'/amount`),
 * recording every problem in `issues`. Answers undefined when it is missing or wrong.
 * A JSON number is accepted for `value`, as PayPal does.
 */
export function readAmount(raw: unknown, field: string, issues: Issues, sign: AmountSign): Amount | undefined {
  if (raw === undefined || raw === null) {
    issues.malformed('MISSING_REQUIRED_PARAMETER', field);
    return undefined;
  }
  if (!isPlainObject(raw)) {
    issues.malformed('INVALID_PARAMETER_SYNTAX', field, raw);
    return undefined;
  }
  const before = issues.count;
  const currency = readCurrency(raw.currency_code, `${field}/currency_code`, issues);
  const value = readValue(raw.value, `${field}/value`, issues);
  const decimals = currency === undefined ? undefined : currencyDecimals(currency);
  if (currency === undefined || decimals === undefined || value === undefined || issues.count > before) return undefined;

  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  if (fraction.length > decimals) {
    issues.unprocessable(decimals ? 'DECIMAL_PRECISION' : 'DECIMALS_NOT_SUPPORTED', `${field}/value`, value);
    return undefined;
  }
  const units = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
  const minor = negative ? -units : units;
  if (sign === 'positive' && minor <= 0n) {
    issues.unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', `${field}/value`, value);
    return undefined;
  }
  if (sign === 'not-negative' && minor < 0n) {
    issues.unprocessable('CANNOT_BE_NEGATIVE', `${field}/value`, value);
    return undefined;
  }
  return moneyOf(minor, currency);
}

function readCurrency(raw: unknown, field: string, issues: Issues): string | undefined {
  if (raw === undefined || raw === null) {
    issues.malformed('MISSING_REQUIRED_PARAMETER', field);
  } else if (typeof raw !== 'string') {
    issues.malformed('INVALID_PARAMETER_SYNTAX', field, raw);
  } else if (raw.length !== 3) {
    issues.malformed('INVALID_STRING_LENGTH', field, raw);
  } else if (currencyDecimals(raw) === undefined) {
    issues.unprocessable('INVALID_CURRENCY_CODE', field, raw);
  } else {
    return raw;
  }
  return undefined;
}

function readValue(raw: unknown, field: string, issues: Issues): string | undefined {
  if (raw === undefined || raw === null) {
    issues.malformed('MISSING_REQUIRED_PARAMETER', field);
    return undefined;
  }
  const value = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
  if (typeof value !== 'string' || value.length > VALUE_MAX_LENGTH || !VALUE_PATTERN.test(value)) {
    issues.malformed('INVALID_PARAMETER_SYNTAX', field, raw);
    return undefined;
  }
  return value;
}
