/**
 * Dates as spec section 9 shows them: dd/mm/yyyy with a 12-hour time on the profile's order list,
 * the first 10 characters of the ISO date everywhere else.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `20/11/2026 9:30 AM`, in the browser's local time zone. */
export function orderListDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours() % 12 || 12;
  const meridiem = date.getHours() < 12 ? 'AM' : 'PM';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${hours}:${pad(date.getMinutes())} ${meridiem}`;
}

/** `2026-11-20`: the first 10 characters of the ISO date. */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}
