import { matchRoutePattern, namesImpossibleId, routeDataOf } from './remote-pages.js';

const OBJECT_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

describe('route patterns and their first API calls', () => {
  it("matches a path as react-router does and fills a route's API addresses from it", () => {
    expect(matchRoutePattern('/product/:id', '/Product/p-1')).toEqual({ id: 'p-1' });
    expect(matchRoutePattern('/cart/:id?', '/cart')).toEqual({});
    expect(matchRoutePattern('/product/:id', '/order/p-1')).toBeUndefined();
    expect(routeDataOf(['/api/products/:id', '/api/products/:id/reviews'], { id: 'p-1' })).toEqual(['/api/products/p-1', '/api/products/p-1/reviews']);
    expect(routeDataOf(['/api/products/:id', 'https://elsewhere.example/:id'], { id: 'a b' })).toEqual([]);
  });

  // The names come from the route table and the remotes' first-calls lists, files read at run time:
  // a name of Object's own properties is a name like any other, found only where it is given.
  it.each(OBJECT_NAMES)('takes a segment named %s as its own', (name) => {
    const params = matchRoutePattern(`/thing/:${name}`, '/thing/abc');
    expect(params && Object.keys(params)).toEqual([name]);
    expect(params && Object.getOwnPropertyDescriptor(params, name)?.value).toBe('abc');
  });

  it.each(OBJECT_NAMES.filter((name) => /^[A-Za-z]+$/.test(name)))('leaves out an address whose segment %s the path does not give', (name) => {
    const params = matchRoutePattern('/product/:id', '/product/p-1') ?? {};
    expect(routeDataOf([`/api/things/:${name}`, '/api/products/:id'], params)).toEqual(['/api/products/p-1']);
    expect(routeDataOf([`/api/things/:${name}`], {})).toEqual([]);
    expect(routeDataOf([`/api/things/:${name}`], matchRoutePattern(`/thing/:${name}`, '/thing/abc') ?? {})).toEqual(['/api/things/abc']);
  });
});

describe('namesImpossibleId', () => {
  const product = ['/api/products/:id'];
  const search = ['/api/products?keyword=:keyword&pageNumber=1', '/api/products/facets?keyword=:keyword'];

  it('is true when a path segment of an API address would hold what no id can be', () => {
    for (const id of ['%22%3E%3Cb%3Ex', 'a%20b', 'x'.repeat(101), '']) expect({ id, impossible: namesImpossibleId(product, { id }) }).toEqual({ id, impossible: true });
    expect(namesImpossibleId(product, {})).toBe(true);
  });

  it('is false for a plain id, and for a query value of any kind (a search for two words is a page)', () => {
    expect(namesImpossibleId(product, { id: '0f0f0f0f-0000-4000-8000-000000000000' })).toBe(false);
    expect(namesImpossibleId(search, { keyword: 'iphone%2015' })).toBe(false);
    expect(namesImpossibleId([], { id: '%22' })).toBe(false);
  });
});
