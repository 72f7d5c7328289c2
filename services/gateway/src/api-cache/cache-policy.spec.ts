import { cacheDirectivesOf, ifNoneMatchHolds, preferredCodingOf, sharedLifetimeMs } from './cache-policy.js';

describe('cacheDirectivesOf', () => {
  it('reads directives with and without values, quoted or not, from one or several headers', () => {
    const directives = cacheDirectivesOf(['Public, S-MaxAge=1', 'private="Set-Cookie", max-age=0']);
    expect(directives.get('public')).toBe(true);
    expect(directives.get('s-maxage')).toBe('1');
    expect(directives.get('private')).toBe('Set-Cookie');
    expect(directives.get('max-age')).toBe('0');
  });
});

describe('sharedLifetimeMs', () => {
  const lifetime = (headers: Record<string, string>, status = 200, maxMs = 500) => sharedLifetimeMs(status, headers, maxMs);

  it("keeps a public answer for its s-maxage, never longer than the gateway's own limit", () => {
    expect(lifetime({ 'cache-control': 'public, max-age=0, s-maxage=1' })).toBe(500);
    expect(lifetime({ 'cache-control': 'public, max-age=0, s-maxage=1' }, 200, 5_000)).toBe(1_000);
    expect(lifetime({ 'cache-control': 'public, max-age=2' }, 200, 5_000)).toBe(2_000);
    expect(lifetime({ 'cache-control': 's-maxage=3' }, 200, 5_000)).toBe(3_000);
  });

  it("counts the service's Age against the lifetime", () => {
    expect(lifetime({ 'cache-control': 'public, s-maxage=3', age: '2' }, 200, 5_000)).toBe(1_000);
    expect(lifetime({ 'cache-control': 'public, s-maxage=3', age: '3' }, 200, 5_000)).toBe(0);
  });

  it.each([
    ['private', { 'cache-control': 'private, max-age=60' }],
    ['private with a field', { 'cache-control': 'public, private="x", s-maxage=60' }],
    ['no-store', { 'cache-control': 'public, no-store, s-maxage=60' }],
    ['no-cache', { 'cache-control': 'public, no-cache, s-maxage=60' }],
    ['no explicit leave for shared caches', { 'cache-control': 'max-age=60' }],
    ['no lifetime', { 'cache-control': 'public' }],
    ['a malformed lifetime', { 'cache-control': 'public, s-maxage=soon' }],
    ['no Cache-Control', {}],
    ['a cookie', { 'cache-control': 'public, s-maxage=60', 'set-cookie': 'a=b' }],
    ['an encoding', { 'cache-control': 'public, s-maxage=60', 'content-encoding': 'gzip' }],
    ['Vary on another header', { 'cache-control': 'public, s-maxage=60', vary: 'Accept-Encoding, Authorization' }],
    ['Vary: *', { 'cache-control': 'public, s-maxage=60', vary: '*' }],
  ])('stores nothing with %s', (_what, headers) => {
    expect(lifetime(headers, 200, 60_000)).toBe(0);
  });

  it('stores only 200 answers, and nothing when the gateway keeps nothing', () => {
    for (const status of [203, 204, 301, 304, 404, 500]) expect(lifetime({ 'cache-control': 'public, s-maxage=60' }, status)).toBe(0);
    expect(lifetime({ 'cache-control': 'public, s-maxage=60' }, 200, 0)).toBe(0);
    expect(lifetime({ 'cache-control': 'public, s-maxage=60', vary: 'accept-encoding' })).toBe(500);
  });
});

describe('ifNoneMatchHolds', () => {
  it('compares weakly, in a list or alone, and takes *', () => {
    expect(ifNoneMatchHolds('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHolds('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHolds('"x", W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHolds('*', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHolds('W/"abd"', 'W/"abc"')).toBe(false);
    expect(ifNoneMatchHolds('abc', 'W/"abc"')).toBe(false);
    expect(ifNoneMatchHolds(undefined, 'W/"abc"')).toBe(false);
    expect(ifNoneMatchHolds('W/"abc"', undefined)).toBe(false);
  });
});

describe('preferredCodingOf', () => {
  it('prefers brotli, then gzip, honouring q=0 and *', () => {
    expect(preferredCodingOf('gzip, deflate, br')).toBe('br');
    expect(preferredCodingOf('gzip')).toBe('gzip');
    expect(preferredCodingOf('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredCodingOf('*')).toBe('br');
    expect(preferredCodingOf('*;q=0, gzip')).toBe('gzip');
    expect(preferredCodingOf('identity')).toBeUndefined();
    expect(preferredCodingOf(undefined)).toBeUndefined();
    expect(preferredCodingOf(';;q=abc, br;q=NaN')).toBeUndefined();
  });
});
