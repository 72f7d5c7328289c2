/**
 * When a canary is rolled back by itself: the one place the decision is made (docs/micro-frontends.md,
 * "How a canary is judged"). A canary is compared with the current build on three signals, each a share
 * of failures among trials:
 * - verified page sessions that met an error (a session counts only under a credential the gateway gave
 *   the page it served, page-session.ts);
 * - the gateway's server renders of the build's pages that failed (its server code failed to load or render);
 * - the requests for files the build's manifest lists that the gateway could not serve.
 * It is rolled back when, on any signal, both builds have at least the minimum of trials, the canary's
 * share is above the current build's by more than the margin, and that difference is significant: a
 * one-sided two-proportion z-test at the rule's confidence. The minimum on both sides and the test keep a
 * handful of sessions (or a handful of reports sent to tip the scales) from deciding a release either way.
 */
import { probit } from 'simple-statistics';
import type { BuildCounts } from './build-stats.js';

/** MF_CANARY_MIN_SESSIONS, MF_CANARY_ERROR_MARGIN_PERCENT and MF_CANARY_CONFIDENCE_PERCENT. */
export interface CanaryRule {
  /** The canary is judged on a signal once it and the current build each have this many trials of it. */
  minSessions: number;
  /** Rolled back only when its failure rate exceeds the current build's by more than this many points. */
  errorMarginPercent: number;
  /** ...and the one-sided two-proportion z-test says the canary is worse at this confidence. */
  confidencePercent: number;
}

/** A signal: what counts as a trial and as a failure, and how the reason names them. */
interface Signal {
  trials: (counts: BuildCounts) => number;
  failures: (counts: BuildCounts) => number;
  /** `error rate` over `sessions`. */
  rate: string;
  unit: string;
}

const SIGNALS: readonly Signal[] = [
  { trials: (counts) => counts.sessions, failures: (counts) => counts.errorSessions, rate: 'error rate', unit: 'sessions' },
  { trials: (counts) => counts.renders, failures: (counts) => counts.renderFailures, rate: 'server render failure rate', unit: 'server renders' },
  { trials: (counts) => counts.fileRequests, failures: (counts) => counts.fileFailures, rate: 'file failure rate', unit: 'file requests' },
];

const percent = (value: number) => `${Math.round(value * 1000) / 10} %`;

/**
 * The z statistic of "the canary fails more often" (pooled two-proportion test): how many standard
 * errors the canary's rate lies above the current build's. 0 when both fail always or never (no difference to see).
 */
export function twoProportionZ(canaryFailures: number, canaryTrials: number, currentFailures: number, currentTrials: number): number {
  if (canaryTrials <= 0 || currentTrials <= 0) return 0;
  const pooled = (canaryFailures + currentFailures) / (canaryTrials + currentTrials);
  const variance = pooled * (1 - pooled) * (1 / canaryTrials + 1 / currentTrials);
  if (!(variance > 0)) return 0;
  return (canaryFailures / canaryTrials - currentFailures / currentTrials) / Math.sqrt(variance);
}

/** The z a difference must reach to be significant at `confidencePercent` (one-sided): 2.33 at 99 %. */
export const criticalZ = (confidencePercent: number): number => probit(confidencePercent / 100);

/** Why the canary must be rolled back (the first signal that condemns it), or undefined while it holds. */
export function rollbackReason(canary: BuildCounts, current: BuildCounts, rule: CanaryRule): string | undefined {
  const critical = criticalZ(rule.confidencePercent);
  for (const signal of SIGNALS) {
    const [canaryTrials, currentTrials] = [signal.trials(canary), signal.trials(current)];
    if (canaryTrials < rule.minSessions || currentTrials < rule.minSessions) continue;
    const [canaryFailures, currentFailures] = [signal.failures(canary), signal.failures(current)];
    const canaryRate = canaryFailures / canaryTrials;
    const currentRate = currentFailures / currentTrials;
    if (100 * (canaryRate - currentRate) <= rule.errorMarginPercent) continue;
    const z = twoProportionZ(canaryFailures, canaryTrials, currentFailures, currentTrials);
    if (z < critical) continue;
    return (
      `${signal.rate} ${percent(canaryRate)} over ${canaryTrials} ${signal.unit} against ${percent(currentRate)} over ` +
      `${currentTrials} ${signal.unit} of the current build (margin ${rule.errorMarginPercent} points; z ${z.toFixed(2)} ≥ ${critical.toFixed(2)}, ` +
      `${rule.confidencePercent} % confidence)`
    );
  }
  return undefined;
}
