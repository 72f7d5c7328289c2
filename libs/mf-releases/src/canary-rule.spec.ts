import { emptyCounts, type BuildCounts } from './build-stats.js';
import { criticalZ, rollbackReason, twoProportionZ } from './canary-rule.js';

const RULE = { minSessions: 30, errorMarginPercent: 5, confidencePercent: 99 };

/** Counts of `sessions` verified sessions, `errorSessions` of which met an error. */
function sessions(count: number, errorSessions = 0): BuildCounts {
  return { ...emptyCounts(), sessions: count, errorSessions, errors: errorSessions };
}

describe('when a canary is rolled back by itself', () => {
  it('never before the minimum of sessions reported on it, however bad it looks', () => {
    expect(rollbackReason(sessions(29, 29), sessions(1_000, 0), RULE)).toBeUndefined();
  });

  it('never before the current build has the minimum of sessions too: a canary nobody else can be compared with is not vetoed', () => {
    // The fourth review's veto: 30 error sessions against a current build with none.
    expect(rollbackReason(sessions(30, 30), emptyCounts(), RULE)).toBeUndefined();
    expect(rollbackReason(sessions(500, 500), sessions(29, 0), RULE)).toBeUndefined();
  });

  it('not while its error rate stays within the margin above the current build', () => {
    // 10 % against 5 %: exactly the margin.
    expect(rollbackReason(sessions(100, 10), sessions(1_000, 50), RULE)).toBeUndefined();
    // Better than the current build.
    expect(rollbackReason(sessions(100, 0), sessions(1_000, 200), RULE)).toBeUndefined();
  });

  it('not when the difference over the margin is not significant for the sessions there are', () => {
    // 3 of 30 against 0 of 30: 10 points over, z 1.80, below 2.33 at 99 %.
    expect(rollbackReason(sessions(30, 3), sessions(30, 0), RULE)).toBeUndefined();
    // At 95 % (z ≥ 1.64) the same difference decides.
    expect(rollbackReason(sessions(30, 3), sessions(30, 0), { ...RULE, confidencePercent: 95 })).toMatch(/^error rate 10 % over 30 sessions/);
  });

  it('not when both builds fail alike (the fourth review: error sessions sent against the current build)', () => {
    expect(rollbackReason(sessions(40, 40), sessions(50, 50), RULE)).toBeUndefined();
  });

  it('once its error rate is over the margin and significant, saying both rates, their sessions and the test', () => {
    const reason = rollbackReason(sessions(40, 10), sessions(1_000, 50), RULE);

    expect(reason).toBe('error rate 25 % over 40 sessions against 5 % over 1000 sessions of the current build (margin 5 points; z 5.32 ≥ 2.32, 99 % confidence)');
  });

  it('rounds the rates it names to one decimal', () => {
    expect(rollbackReason(sessions(3, 3), sessions(6, 0), { ...RULE, minSessions: 3, errorMarginPercent: 0 })).toContain('error rate 100 % over 3 sessions against 0 % over 6 sessions');
    expect(rollbackReason(sessions(30, 10), sessions(300, 0), RULE)).toContain('error rate 33.3 % over 30 sessions');
  });

  it("on the gateway's own figures too: server renders that failed, files it could not serve", () => {
    const renders = (count: number, failures: number) => ({ ...emptyCounts(), renders: count, renderFailures: failures });
    const files = (count: number, failures: number) => ({ ...emptyCounts(), fileRequests: count, fileFailures: failures });

    expect(rollbackReason(renders(40, 40), renders(200, 0), RULE)).toMatch(/^server render failure rate 100 % over 40 server renders against 0 % over 200 server renders/);
    expect(rollbackReason(files(60, 20), files(600, 0), RULE)).toMatch(/^file failure rate 33.3 % over 60 file requests against 0 % over 600 file requests/);
    expect(rollbackReason(renders(40, 1), renders(200, 0), RULE)).toBeUndefined();
    expect(rollbackReason(files(10, 10), files(600, 0), RULE)).toBeUndefined();
  });
});

describe('the two-proportion test', () => {
  it('gives the textbook z, and none where nothing can differ', () => {
    // 10/100 against 5/1000: pooled 15/1100, standard error 0.01217, difference 0.095.
    expect(twoProportionZ(10, 100, 5, 1_000)).toBeCloseTo(7.81, 2);
    expect(twoProportionZ(0, 50, 0, 50)).toBe(0);
    expect(twoProportionZ(50, 50, 50, 50)).toBe(0);
    expect(twoProportionZ(5, 0, 0, 50)).toBe(0);
    expect(twoProportionZ(0, 50, 25, 50)).toBeLessThan(0);
  });

  it('takes its critical value from the confidence (one-sided)', () => {
    // simple-statistics' probit is good to about 0.1 %: 1.643 for 1.645, 2.32 for 2.326.
    expect(criticalZ(95)).toBeCloseTo(1.645, 2);
    expect(criticalZ(99)).toBeCloseTo(2.326, 1);
    expect(criticalZ(99.9)).toBeCloseTo(3.09, 1);
  });
});
