import { emptyCounts, type BuildCounts } from './build-stats.js';
import { rollbackReason } from './canary-rule.js';

const RULE = { minSessions: 30, errorMarginPercent: 5 };

/** Counts of `sessions` sessions, `errorSessions` of which met an error. */
function sessions(count: number, errorSessions = 0): BuildCounts {
  return { ...emptyCounts(), sessions: count, errorSessions, errors: errorSessions };
}

describe('when a canary is rolled back by itself', () => {
  it('never before the minimum of sessions reported on it, however bad it looks', () => {
    expect(rollbackReason(sessions(29, 29), sessions(1_000, 0), RULE)).toBeUndefined();
  });

  it('not while its error rate stays within the margin above the current build', () => {
    // 10 % against 5 %: exactly the margin.
    expect(rollbackReason(sessions(100, 10), sessions(1_000, 50), RULE)).toBeUndefined();
    // Better than the current build.
    expect(rollbackReason(sessions(100, 0), sessions(1_000, 200), RULE)).toBeUndefined();
  });

  it('once its error rate is over the margin, saying both rates and their sessions', () => {
    const reason = rollbackReason(sessions(40, 10), sessions(1_000, 50), RULE);

    expect(reason).toBe('error rate 25 % over 40 sessions against 5 % over 1000 sessions of the current build (margin 5 points)');
  });

  it('also when the current build has no sessions at all (it counts as 0 %)', () => {
    expect(rollbackReason(sessions(30, 3), emptyCounts(), RULE)).toBe(
      'error rate 10 % over 30 sessions against 0 % over 0 sessions of the current build (margin 5 points)',
    );
  });

  it('rounds the rates it names to one decimal', () => {
    expect(rollbackReason(sessions(3, 1), sessions(3, 0), { minSessions: 3, errorMarginPercent: 0 })).toContain('error rate 33.3 % over 3 sessions');
  });
});
