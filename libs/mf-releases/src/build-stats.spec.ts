import { addCounts, bucketOf, emptyCounts, summaryOf, VITAL_BOUNDS, type BuildCounts, type Vital } from './build-stats.js';

/** Counts holding these values of one vital. */
function withValues(vital: Vital, values: number[]): BuildCounts {
  const counts = emptyCounts();
  for (const value of values) counts.vitals[vital][bucketOf(vital, value)]!++;
  return counts;
}

describe('the counts of a build', () => {
  it('put a value in the first bucket whose bound it does not exceed, the last bucket taking the rest', () => {
    expect(bucketOf('LCP', 0)).toBe(0);
    expect(bucketOf('LCP', 100)).toBe(0);
    expect(bucketOf('LCP', 101)).toBe(1);
    expect(bucketOf('LCP', 2500)).toBe(VITAL_BOUNDS.LCP.indexOf(2500));
    expect(bucketOf('LCP', 1e9)).toBe(VITAL_BOUNDS.LCP.length);
    expect(bucketOf('CLS', 0.1)).toBe(VITAL_BOUNDS.CLS.indexOf(0.1));
  });

  it('add up across gateways, leaving out a histogram of another length', () => {
    const sum = addCounts(withValues('LCP', [900]), { ...withValues('LCP', [900, 3000]), sessions: 2, errorSessions: 1, errors: 3, loadFailures: 1 });
    addCounts(sum, { ...emptyCounts(), sessions: 1, vitals: { LCP: [5], INP: [], CLS: [] } });

    expect(summaryOf(sum)).toMatchObject({ sessions: 3, errorSessions: 1, errors: 3, loadFailures: 1 });
    expect(sum.vitals.LCP.reduce((total, count) => total + count, 0)).toBe(3);
  });
});

describe("a build's summary", () => {
  it("gives each vital's 75th percentile as the upper bound of the bucket holding it", () => {
    expect(summaryOf(withValues('LCP', [50, 60, 70, 3000])).vitals.LCP).toBe(100);
    expect(summaryOf(withValues('LCP', [50, 60, 2400, 2400])).vitals.LCP).toBe(2500);
    expect(summaryOf(withValues('INP', [180, 180, 180, 180])).vitals.INP).toBe(200);
    expect(summaryOf(withValues('CLS', [0.3, 0.3, 0.3, 0])).vitals.CLS).toBe(0.35);
  });

  it('gives twice the last bound for a percentile past it, and null for a vital nobody reported', () => {
    const summary = summaryOf(withValues('LCP', [60_000]));

    expect(summary.vitals).toEqual({ LCP: 2 * VITAL_BOUNDS.LCP.at(-1)!, INP: null, CLS: null });
  });

  it('gives the error rate in % of sessions to one decimal, null before any session', () => {
    expect(summaryOf({ ...emptyCounts(), sessions: 3, errorSessions: 1 }).errorRatePercent).toBe(33.3);
    expect(summaryOf({ ...emptyCounts(), sessions: 3, errorSessions: 2 }).errorRatePercent).toBe(66.7);
    expect(summaryOf({ ...emptyCounts(), sessions: 20, errorSessions: 0 }).errorRatePercent).toBe(0);
    expect(summaryOf(emptyCounts()).errorRatePercent).toBeNull();
  });
});
