import { isCrossSitePost, requestOriginOf } from './cross-site-posts.js';

const SHOP = 'https://shop.example';

describe('isCrossSitePost (login CSRF)', () => {
  it.each([
    ['no Fetch Metadata and no Origin (not a browser a page drives)', {}],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['the shop’s own Origin', { origin: SHOP }],
    ['the shop’s own Origin, any case', { origin: 'HTTPS://Shop.Example' }],
    ['the shop’s own Origin with same-origin', { origin: SHOP, 'sec-fetch-site': 'same-origin' }],
    ['Origin: null (the shop’s no-referrer policy) vouched for by same-origin', { origin: 'null', 'sec-fetch-site': 'same-origin' }],
  ])('takes %s', (_name, headers) => {
    expect(isCrossSitePost(headers, SHOP)).toBe(false);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', origin: 'https://blog.shop.example' }],
    ['Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
    ['another Origin', { origin: 'https://evil.example' }],
    ['another scheme of the shop', { origin: 'http://shop.example' }],
    ['another port of the shop', { origin: 'https://shop.example:8443' }],
    ['a look-alike host', { origin: 'https://shop.example.evil.example' }],
    ['another Origin even with same-origin', { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }],
    ['Origin: null with nothing to vouch for it', { origin: 'null' }],
    ['Origin: null from another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s', (_name, headers) => {
    expect(isCrossSitePost(headers, SHOP)).toBe(true);
  });
});

describe('requestOriginOf', () => {
  it('is the scheme and Host, as a browser writes Origin', () => {
    expect(requestOriginOf('Shop.Example', true)).toBe('https://shop.example');
    expect(requestOriginOf('shop.example:443', true)).toBe('https://shop.example');
    expect(requestOriginOf('127.0.0.1:3000', false)).toBe('http://127.0.0.1:3000');
    expect(requestOriginOf('[::1]:3000', false)).toBe('http://[::1]:3000');
  });

  it('is nothing for a Host that is no host', () => {
    expect(requestOriginOf(undefined, false)).toBeUndefined();
    expect(requestOriginOf('', false)).toBeUndefined();
    expect(requestOriginOf('user@shop.example', false)).toBeUndefined();
    expect(requestOriginOf('shop.example/path', false)).toBeUndefined();
  });
});
