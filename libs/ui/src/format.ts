/**
 * How the shop writes prices and dates (spec section 9), the same in every micro-frontend: prices in US
 * dollars with 2 decimals; dates as dd/mm/yyyy with a 12-hour time on the profile's order list, the first
 * 10 characters of the ISO date everywhere else.
 */

/** `$89.99`. */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** `2026-11-20`: the first 10 characters of the ISO date. */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `20/11/2026 9:30 AM`, in the browser's local time zone; an unreadable date stays as it came. */
export function orderListDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours() % 12 || 12;
  const meridiem = date.getHours() < 12 ? 'AM' : 'PM';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${hours}:${pad(date.getMinutes())} ${meridiem}`;
}
