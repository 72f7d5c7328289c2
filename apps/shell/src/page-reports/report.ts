/**
 * What the browser tells the gateway of each remote build it ran (POST /api/page-reports), from which
 * the gateway judges a canary release against the current build. The body's contract is the gateway's:
 * `{ session, reports: [1..25 of PageReport] }`, at most 8 KB (libs/contracts' page-report schema).
 */
import { MAX_REPORT_MESSAGE, type PageReport } from '@shop/contracts';

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


/** What an error or a rejection says, in at most MAX_REPORT_MESSAGE characters. */
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

/** At most MAX_REPORT_MESSAGE characters (UTF-16 units, never half a surrogate pair). */
export function truncated(message: string): string {
  if (message.length <= MAX_REPORT_MESSAGE) return message;
  const cut = message.slice(0, MAX_REPORT_MESSAGE);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
