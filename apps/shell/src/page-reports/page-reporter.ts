/**
 * The queue between what the page observes and what it sends: it keeps the traffic bounded whatever the
 * page does (a render loop throwing the same error, a remote failing on every navigation) and sends
 * soon enough that a canary's errors are counted within seconds, not only when the tab closes.
 */
import type { ReportSession } from './session.js';
import { reportBodies, type SendBody } from './send-reports.js';
import type { Vital } from '@shop/contracts';
import type { PageReport } from './report.js';

/** Reports waiting at most; beyond that new ones are dropped (and not counted as reported). */
export const MAX_PENDING_REPORTS = 100;
/** How long after the first report queued since the last flush the reports are sent. */
export const FLUSH_DELAY_MS = 2000;
/** The same error message of the same build, reported at most this often per session. */
export const SAME_ERROR_LIMIT = 3;

/** Runs `task` after `ms`; returns how to cancel it. */
export type Schedule = (task: () => void, ms: number) => () => void;

export interface PageReporterOptions {
  session: ReportSession;
  send: SendBody;
  schedule?: Schedule;
  /**
   * Whether the page is hidden now. A report queued then (the Web Vitals, which web-vitals hands over
   * as the page is hidden) is sent at once rather than in 2 s, which a page going away may not see.
   */
  isHidden?: () => boolean;
}

export interface PageReporter {
  /** Queues a report, unless it repeats one already reported as often as it may be. */
  add(report: PageReport): void;
  /** Sends everything queued. */
  flush(): void;
}

const setTimer: Schedule = (task, ms) => {
  const timer = setTimeout(task, ms);
  return () => clearTimeout(timer);
};

export function createPageReporter({ session, send, schedule = setTimer, isHidden = () => false }: PageReporterOptions): PageReporter {
  let pending: PageReport[] = [];
  let cancelTimer: (() => void) | undefined;
  let timerDelay = Number.POSITIVE_INFINITY;
  /** Vitals are per page load: this page's, not the session's. */
  const vitalsReported = new Set<Vital>();

  const admitted = (report: PageReport): boolean => {
    const build = `${report.remote}@${report.build}`;
    switch (report.kind) {
      case 'view':
        return session.admit(`view ${build}`, 1);
      case 'error':
      case 'load-failure':
        return session.admit(`${report.kind} ${build} ${hashOf(report.message)}`, SAME_ERROR_LIMIT);
      case 'vital':
        if (vitalsReported.has(report.name)) return false;
        vitalsReported.add(report.name);
        return true;
    }
  };

  const flush = () => {
    cancelTimer?.();
    cancelTimer = undefined;
    timerDelay = Number.POSITIVE_INFINITY;
    if (pending.length === 0) return;
    const reports = pending;
    pending = [];
    reportBodies(session.id, reports, session.credential).forEach((body) => send(body));
  };

  const flushIn = (ms: number) => {
    if (ms >= timerDelay) return;
    cancelTimer?.();
    timerDelay = ms;
    cancelTimer = schedule(flush, ms);
  };

  return {
    add(report) {
      if (pending.length >= MAX_PENDING_REPORTS || !admitted(report)) return;
      pending.push(report);
      flushIn(isHidden() ? 0 : FLUSH_DELAY_MS);
    },
    flush,
  };
}

/** A short stand-in for a message in the session's memory (FNV-1a, 32 bits): 300 characters would fill it. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
