/**
 * Amounts are integer cents wherever they are stored or added up; dollars (numbers with at most two
 * decimals) are what the API's answers and forms carry. These are the only conversions between them.
 */

/** Dollars (at most 2 decimals) to integer cents: 10.5 -> 1050. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Integer cents to dollars, as every answer shows amounts: 1050 -> 10.5. */
export const toDollars = (cents: number): number => cents / 100;

const DECIMAL_AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * A decimal amount as PayPal writes it ("10.50") to integer cents, exactly: no float arithmetic;
 * undefined for anything that is not such an amount.
 */
export function centsOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DECIMAL_AMOUNT.exec(value);
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer cents as a decimal amount with two decimals, as PayPal reads it: 1050 -> "10.50". */
export function decimalOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
