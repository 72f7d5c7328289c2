/** A price as the shop shows it: `$89.99`. */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
