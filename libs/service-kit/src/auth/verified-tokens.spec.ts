import { jest } from '@jest/globals';
import { VerifiedTokens } from './verified-tokens.js';

describe('VerifiedTokens', () => {
  const now = Date.parse('2026-12-07T12:00:00Z');
  const exp = (inMs: number) => (now + inMs) / 1000;

  beforeEach(() => {
    jest.useFakeTimers({ now });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('answers the payload of a token verified a moment ago, and nothing for another token', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', { sub: 'u1', exp: exp(3600_000) });
    expect(tokens.payloadOf('a.b.c')).toEqual({ sub: 'u1', exp: exp(3600_000) });
    expect(tokens.payloadOf('a.b.d')).toBeUndefined();
  });

  it('trusts a verification for a minute at most, so that a withdrawn key stops verifying', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', { sub: 'u1', exp: exp(3600_000) });
    jest.setSystemTime(now + VerifiedTokens.MAX_KEEP_MS - 1);
    expect(tokens.payloadOf('a.b.c')).toBeDefined();
    jest.setSystemTime(now + VerifiedTokens.MAX_KEEP_MS);
    expect(tokens.payloadOf('a.b.c')).toBeUndefined();
  });

  it('forgets a token when it expires, and keeps none that has no expiry or has expired', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('soon', { sub: 'u1', exp: exp(5_000) });
    tokens.remember('none', { sub: 'u1' });
    tokens.remember('past', { sub: 'u1', exp: exp(-1_000) });
    expect(tokens.payloadOf('soon')).toBeDefined();
    jest.setSystemTime(now + 5_000);
    expect(tokens.payloadOf('soon')).toBeUndefined();
    expect(tokens.payloadOf('none')).toBeUndefined();
    expect(tokens.payloadOf('past')).toBeUndefined();
  });

  it('does not extend a verification by remembering the token again, and answers a payload nobody can change', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', { sub: 'u1', exp: exp(3600_000) });
    jest.setSystemTime(now + 30_000);
    tokens.remember('a.b.c', { sub: 'u1', exp: exp(3600_000) });
    jest.setSystemTime(now + VerifiedTokens.MAX_KEEP_MS);
    expect(tokens.payloadOf('a.b.c')).toBeUndefined();
    tokens.remember('x', { sub: 'u1', exp: exp(3600_000) });
    expect(Object.isFrozen(tokens.payloadOf('x'))).toBe(true);
  });

  it('keeps at most MAX_TOKENS, the oldest going first', () => {
    const tokens = new VerifiedTokens();
    for (let n = 0; n <= VerifiedTokens.MAX_TOKENS; n++) tokens.remember(`t${n}`, { exp: exp(3600_000) });
    expect(tokens.payloadOf('t0')).toBeUndefined();
    expect(tokens.payloadOf('t1')).toBeDefined();
    expect(tokens.payloadOf(`t${VerifiedTokens.MAX_TOKENS}`)).toBeDefined();
  });
});
