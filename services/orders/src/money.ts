/** Integer cents to dollars, as every answer shows amounts (1050 -> 10.5). */
export const toDollars = (cents: number): number => cents / 100;

const DOLLARS = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * A decimal amount as PayPal writes it ("10.50") to integer cents, exactly:
 * no float arithmetic; undefined for anything that is not such an amount.
 */
export function centsOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DOLLARS.exec(value);
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
