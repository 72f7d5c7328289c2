import { askedWaitOf, MAX_OUTCOME_WAIT_SECONDS, outcomeWaitOf } from './prefer-wait.js';

describe('the Prefer: wait of a placement call', () => {
  it('reads wait=N among other preferences, in any case and spacing', () => {
    expect(outcomeWaitOf('wait=5')).toBe(5);
    expect(outcomeWaitOf('return=minimal, WAIT = 3')).toBe(3);
    expect(outcomeWaitOf('wait="2"; foo=bar')).toBe(2);
  });

  it('waits at most the longest the shop allows', () => {
    expect(outcomeWaitOf('wait=3600')).toBe(MAX_OUTCOME_WAIT_SECONDS);
  });

  it('ignores what it cannot read, as RFC 7240 asks', () => {
    for (const prefer of [undefined, '', 'wait', 'wait=-1', 'wait=1.5', 'wait=abc', 'respond-async', 'wait=99999999999']) {
      expect(outcomeWaitOf(prefer)).toBe(0);
    }
  });

  it('tells a reader who asked nothing from one who asked not to wait (a read of a pending order waits by default)', () => {
    expect(askedWaitOf(undefined)).toBeUndefined();
    expect(askedWaitOf('respond-async')).toBeUndefined();
    expect(askedWaitOf('wait=abc')).toBeUndefined();
    expect(askedWaitOf('wait=0')).toBe(0);
    expect(askedWaitOf('return=minimal, wait=4')).toBe(4);
    expect(askedWaitOf('wait=60')).toBe(MAX_OUTCOME_WAIT_SECONDS);
  });
});
