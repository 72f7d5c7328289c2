/**
 * What the browser tells the gateway of each remote build it ran (POST /api/page-reports), from which
 * the gateway judges a canary release against the current build. The body's contract is the gateway's:
 * `{ session, reports: [1..25 of PageReport] }`, at most 8 KB.
 */

import type { RemoteBuild } from '../remote-build.js';

/** The Web Vitals reported: LCP and INP in ms, CLS unitless. */
export type VitalName = 'LCP' | 'INP' | 'CLS';

/** What is reported of a build. */
export type ReportOfBuild =
  | { kind: 'view' }
  | { kind: 'error'; message: string }
  | { kind: 'load-failure'; message: string }
  | { kind: 'vital'; name: VitalName; value: number };

/** One report: the build (RemoteBuild, the build id being 10 lowercase hex digits) and what of it. */
export type PageReport = RemoteBuild & ReportOfBuild;

/**
 * Whether `value` is an error: anything with a message, which also takes in errors of another frame
 * or realm, for which `instanceof Error` is false.
 */
export function isErrorLike(value: unknown): value is { message: string; name?: unknown; stack?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

export const PAGE_REPORTS_URL = '/api/page-reports';

/** The gateway's limits: reports per body, bytes per body, characters per message. */
export const MAX_REPORTS_PER_BODY = 25;
export const MAX_BODY_BYTES = 8 * 1024;
export const MAX_MESSAGE_LENGTH = 300;
/** The largest vital value the gateway takes (an hour, in ms): a larger one would have the whole body refused. */
export const MAX_VITAL_VALUE = 3_600_000;

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
