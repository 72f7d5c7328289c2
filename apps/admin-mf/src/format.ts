/** A price in US dollars as the tables show it: `$89.99`. */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** The date part of an ISO timestamp: its first 10 characters (spec section 9), e.g. `2026-11-20`. */
export function isoDay(timestamp: string): string {
  return timestamp.slice(0, 10);
}
