/**
 * What the browser tells the gateway of each remote build it ran (POST /api/page-reports), from which
 * the gateway judges a canary release against the current build. The body's contract is the gateway's:
 * `{ session, reports: [1..25 of PageReport] }`, at most 8 KB (libs/contracts' page-report schema).
 */
import { MAX_PAGE_REPORTS_BYTES, MAX_REPORT_MESSAGE, MAX_REPORTS_PER_BODY, MAX_VITAL_VALUE, PAGE_REPORTS_PATH, type PageReport, type Vital } from '@shop/contracts';

/** The Web Vitals reported: LCP and INP in ms, CLS unitless. */
export type VitalName = Vital;

/** One report, as libs/contracts' page-report schema (the gateway's check) has it: the build and what of it. */
export type { PageReport };

/** What is reported of a build, without the build. */
export type ReportOfBuild = WithoutBuild<PageReport>;
type WithoutBuild<Report> = Report extends unknown ? Omit<Report, 'remote' | 'build'> : never;

/**
 * Whether `value` is an error: anything with a message, which also takes in errors of another frame
 * or realm, for which `instanceof Error` is false.
 */
export function isErrorLike(value: unknown): value is { message: string; name?: unknown; stack?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** The gateway's limits (libs/contracts): reports per body, bytes per body, characters per message, the largest vital. */
export { MAX_REPORTS_PER_BODY, MAX_VITAL_VALUE };
export const PAGE_REPORTS_URL = PAGE_REPORTS_PATH;
export const MAX_BODY_BYTES = MAX_PAGE_REPORTS_BYTES;
export const MAX_MESSAGE_LENGTH = MAX_REPORT_MESSAGE;

/** What an error or a rejection says, in at most MAX_MESSAGE_LENGTH characters. */
export function messageOf(error: unknown): string {
  let message: string;
  if (isErrorLike(error)) message = error.message || String(error.name ?? '');
  else if (typeof error === 'string') message = error;
  else {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  return truncated(message || 'Unknown error');
}

/** At most MAX_MESSAGE_LENGTH characters (UTF-16 units, never half a surrogate pair). */
export function truncated(message: string): string {
  if (message.length <= MAX_MESSAGE_LENGTH) return message;
  const cut = message.slice(0, MAX_MESSAGE_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
