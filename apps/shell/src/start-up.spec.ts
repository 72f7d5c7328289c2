import { jest } from '@jest/globals';

jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const { firstAnswersOf } = await import('./start-up.js');

afterEach(() => {
  document.head.innerHTML = '';
});

describe('firstAnswersOf', () => {
  it('names the API answers index.html preloads for the page, in their order', () => {
    document.head.innerHTML =
      '<link rel="preload" as="script" href="/mf/catalog/3f9a1c2b7d/remoteEntry.js">' +
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/products/top">' +
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/products?pageNumber=1">';
    expect(firstAnswersOf()).toEqual(['/api/products/top', '/api/products?pageNumber=1']);
  });

  it('names none when the page was served without hints (the shell on its own dev server)', () => {
    expect(firstAnswersOf()).toEqual([]);
  });
});
