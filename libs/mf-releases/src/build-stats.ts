/**
 * What is known of one build of a remote, as counts that add up across gateway processes and machines:
 * what the shoppers' verified pages reported (sessions, sessions that met an error, errors, failed loads,
 * and a fixed histogram per Web Vital, so a percentile of the sum is a percentile of everyone's reports),
 * and what the gateway saw itself, which no browser can forge: its server renders and the requests for
 * the build's own files, each with those that failed.
 */
import { VITALS, type Vital } from '@shop/contracts';

export { VITALS, type Vital };

/**
 * The upper bound of each histogram bucket; a value falls in the first bucket whose bound it does not
 * exceed, the last bucket takes the rest. LCP and INP in ms (Google's good/poor lines, 2.5 s and 4 s
 * for LCP, 200 and 500 ms for INP, are bounds), CLS unitless (0.1 and 0.25 are bounds).
 */
export const VITAL_BOUNDS: Readonly<Record<Vital, readonly number[]>> = {
  LCP: [100, 250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, 20000],
  INP: [16, 32, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 2000, 5000],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.35, 0.5, 0.75, 1, 2],
};

/** `catalog/3f9a1c2b7d`: a remote's build as the counts, the credentials and the remotes file name it. */
export const buildKey = (remote: string, build: string) => `${remote}/${build}`;

export interface BuildCounts {
  /** Verified page sessions (page-session.ts) that reported on the build. */
  sessions: number;
  /** Sessions that reported at least one error or failed load of the build. */
  errorSessions: number;
  errors: number;
  loadFailures: number;
  /** Server renders of a page whose slot is the build's, and those where its server code failed to load or render. */
  renders: number;
  renderFailures: number;
  /** Requests for files the build's manifest lists (once per client and file), and those the gateway could not serve. */
  fileRequests: number;
  fileFailures: number;
  /** Per vital, the count of values in each bucket of VITAL_BOUNDS (one more bucket than bounds). */
  vitals: Record<Vital, number[]>;
}

export const emptyCounts = (): BuildCounts => ({
  sessions: 0,
  errorSessions: 0,
  errors: 0,
  loadFailures: 0,
  renders: 0,
  renderFailures: 0,
  fileRequests: 0,
  fileFailures: 0,
  vitals: { LCP: new Array<number>(VITAL_BOUNDS.LCP.length + 1).fill(0), INP: new Array<number>(VITAL_BOUNDS.INP.length + 1).fill(0), CLS: new Array<number>(VITAL_BOUNDS.CLS.length + 1).fill(0) },
});

/** The plain counts of BuildCounts, added as they are. */
const COUNTED = ['sessions', 'errorSessions', 'errors', 'loadFailures', 'renders', 'renderFailures', 'fileRequests', 'fileFailures'] as const;

/** The bucket a vital's value counts in. */
export function bucketOf(vital: Vital, value: number): number {
  const bounds = VITAL_BOUNDS[vital];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/** `into` plus `more`, in place (histograms of another length, and counts missing, from an older gateway, are left out). */
export function addCounts(into: BuildCounts, more: Partial<BuildCounts>): BuildCounts {
  for (const name of COUNTED) into[name] += more[name] ?? 0;
  for (const vital of VITALS) {
    const counts = more.vitals?.[vital];
    if (counts?.length !== into.vitals[vital].length) continue;
    counts.forEach((count, index) => (into.vitals[vital][index] += count));
  }
  return into;
}

/** What an operator reads of a build's counts. */
export interface BuildSummary {
  sessions: number;
  errorSessions: number;
  /** Sessions with an error, in % of the sessions (one decimal); null before any session. */
  errorRatePercent: number | null;
  errors: number;
  loadFailures: number;
  renders: number;
  renderFailures: number;
  fileRequests: number;
  fileFailures: number;
  /** The 75th percentile of each vital (the bucket's upper bound it falls in); null before any value. */
  vitals: Record<Vital, number | null>;
}

/** The 75th percentile of a histogram: the upper bound of the bucket holding it (the last: twice the last bound). */
function p75(vital: Vital, counts: readonly number[]): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const bounds = VITAL_BOUNDS[vital];
  let seen = 0;
  for (let index = 0; index < counts.length; index++) {
    seen += counts[index] ?? 0;
    if (seen >= total * 0.75) return bounds[index] ?? (bounds.at(-1) ?? 0) * 2;
  }
  return null;
}

export function summaryOf(counts: BuildCounts): BuildSummary {
  return {
    sessions: counts.sessions,
    errorSessions: counts.errorSessions,
    errorRatePercent: counts.sessions ? Math.round((1000 * counts.errorSessions) / counts.sessions) / 10 : null,
    errors: counts.errors,
    loadFailures: counts.loadFailures,
    renders: counts.renders,
    renderFailures: counts.renderFailures,
    fileRequests: counts.fileRequests,
    fileFailures: counts.fileFailures,
    vitals: { LCP: p75('LCP', counts.vitals.LCP), INP: p75('INP', counts.vitals.INP), CLS: p75('CLS', counts.vitals.CLS) },
  };
}
