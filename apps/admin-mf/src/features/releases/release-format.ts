/**
 * How the releases page writes what shoppers reported of a build: figures not reported yet (no session,
 * no Web Vital) are a dash, never a 0 that would read as a perfect build.
 */

/** What a figure not reported yet shows. */
export const NOT_REPORTED = '–';

/** `2.5 %`: sessions with an error, one decimal. */
export function errorRate(percent: number | null): string {
  return percent === null ? NOT_REPORTED : `${percent.toFixed(1)} %`;
}

/** `2 of 340`: failures among trials (server renders, file requests), a dash before any trial. */
export function failedOf(failures: number, trials: number): string {
  return trials === 0 ? NOT_REPORTED : `${failures} of ${trials}`;
}

/** `2480`: a p75 LCP or INP, in whole milliseconds. */
export function milliseconds(value: number | null): string {
  return value === null ? NOT_REPORTED : String(Math.round(value));
}

/** `0.05`: a p75 CLS, unitless, two decimals. */
export function layoutShift(value: number | null): string {
  return value === null ? NOT_REPORTED : value.toFixed(2);
}

/** `2026-11-26 13:05 UTC`: when something happened, to the minute, the same for every operator whatever their time zone. */
export function utcMinute(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `50 %`: a share a canary can be promoted to (100 % makes it the current build, as the confirmation says). */
export function shareLabel(percent: number): string {
  return `${percent} %`;
}

/** The shares offered when promoting a canary: those above its share now; 100 makes it the current build. */
export const PROMOTE_STEPS = [10, 25, 50, 100] as const;

/** The shares a canary at `percent` % can be promoted to, smallest first (100 always among them). */
export function nextShares(percent: number): number[] {
  return PROMOTE_STEPS.filter((step) => step > percent);
}
