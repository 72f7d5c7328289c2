import type { BuildCounts } from './build-stats.js';

/** When a canary is rolled back by itself: MF_CANARY_MIN_SESSIONS and MF_CANARY_ERROR_MARGIN_PERCENT. */
export interface CanaryRule {
  /** The canary is judged only once this many sessions have reported on it. */
  minSessions: number;
  /** Rolled back when its error rate exceeds the current build's by more than this many points. */
  errorMarginPercent: number;
}

const rate = (counts: BuildCounts) => (counts.sessions ? (100 * counts.errorSessions) / counts.sessions : 0);
const percent = (value: number) => `${Math.round(value * 10) / 10} %`;

/**
 * Why the canary must be rolled back, or undefined while it holds: its share of sessions that met an
 * error is above the current build's by more than the margin, once enough sessions reported on it.
 * The current build with no sessions counts as 0 %: a canary that errs where nothing else reported
 * is still a canary that errs.
 */
export function rollbackReason(canary: BuildCounts, current: BuildCounts, rule: CanaryRule): string | undefined {
  if (canary.sessions < rule.minSessions) return undefined;
  const canaryRate = rate(canary);
  const currentRate = rate(current);
  if (canaryRate - currentRate <= rule.errorMarginPercent) return undefined;
  return (
    `error rate ${percent(canaryRate)} over ${canary.sessions} sessions against ${percent(currentRate)} over ` +
    `${current.sessions} sessions of the current build (margin ${rule.errorMarginPercent} points)`
  );
}
