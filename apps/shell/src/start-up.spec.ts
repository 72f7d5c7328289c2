import { jest } from '@jest/globals';

jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const { firstAnswersOf } = await import('./start-up.js');

describe('firstAnswersOf', () => {
  it("names the API answers of the route's data, the path's segments filled in", () => {
    expect(firstAnswersOf('/')).toEqual(['/api/products/top', '/api/products?pageNumber=1']);
    expect(firstAnswersOf('/page/3')).toEqual(['/api/products?pageNumber=3']);
    expect(firstAnswersOf('/product/0a1b2c3d-4e5f')).toEqual(['/api/products/0a1b2c3d-4e5f']);
    expect(firstAnswersOf('/PRODUCT/42')).toEqual(['/api/products/42']);
  });

  it('names none for a route without data, or a path no route renders', () => {
    expect(firstAnswersOf('/cart')).toEqual([]);
    expect(firstAnswersOf('/search/phone')).toEqual([]);
    expect(firstAnswersOf('/no/such/page')).toEqual([]);
  });

  it('leaves out an address whose segment is not plain, as the gateway leaves out its preload hint', () => {
    expect(firstAnswersOf('/product/a%2Fb')).toEqual([]);
    expect(firstAnswersOf('/page/2.5')).toEqual([]);
  });
});
