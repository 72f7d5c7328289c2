import { afterEach, describe, expect, it } from '@jest/globals';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import type { ProductDetailDto, ProductDto } from '@shop/contracts';
import { fakeFetch } from '../test-support/fake-fetch.js';
import { createShopStore, type ShopStore } from '../store/shop-store.js';
import { firstQueryOf, prefetchFirstAnswers } from './first-answers.js';
import { useProduct, useProducts, useTopProducts } from './products.js';
import { createShopQueryClient } from './query-client.js';
import { shopKeys } from './query-keys.js';
import { ShopClientProvider, shopApiOf } from './shop-client-provider.js';

const phone: ProductDetailDto = {
  _id: 'p1',
  name: 'Phone',
  image: '/images/phone.jpg',
  brand: 'Apple',
  category: 'Electronics',
  description: 'A phone',
  price: 599.99,
  countInStock: 5,
  rating: 4,
  numReviews: 1,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  reviews: [],
};
const top: ProductDto[] = [phone];
const list = { products: [phone], page: 2, pages: 3 };

const stores: ShopStore[] = [];
afterEach(() => stores.splice(0).forEach((store) => store.dispose()));

function setUp(routes: Parameters<typeof fakeFetch>[0]) {
  localStorage.clear();
  const store = createShopStore();
  stores.push(store);
  const queryClient = createShopQueryClient();
  const { fetch, calls } = fakeFetch(routes);
  const render = <T,>(useHook: () => T) =>
    renderHook(useHook, {
      wrapper: ({ children }: { children: ReactNode }) => (
        <ShopClientProvider store={store} queryClient={queryClient} fetch={fetch}>
          {children}
        </ShopClientProvider>
      ),
    });
  return { store, queryClient, fetch, calls, render };
}

describe('firstQueryOf', () => {
  const api = shopApiOf({ fetch: fakeFetch({}).fetch });

  it('gives the key each product hook uses for its address', () => {
    expect(firstQueryOf(api, '/api/products/top')?.queryKey).toEqual(shopKeys.products.top());
    expect(firstQueryOf(api, '/api/products?pageNumber=1')?.queryKey).toEqual(shopKeys.products.list({ pageNumber: 1 }));
    expect(firstQueryOf(api, '/api/products?pageNumber=3')?.queryKey).toEqual(shopKeys.products.list({ pageNumber: 3 }));
    expect(firstQueryOf(api, '/api/products?keyword=pro&pageNumber=2')?.queryKey).toEqual(
      shopKeys.products.list({ keyword: 'pro', pageNumber: 2 }),
    );
    expect(firstQueryOf(api, '/api/products/0a1b-2c')?.queryKey).toEqual(shopKeys.products.detail('0a1b-2c'));
  });

  it('knows no other address, nor a page number the home page would not ask for', () => {
    for (const address of ['/api/users/profile', '/api/orders/mine', '/api/products?pageNumber=0', '/api/products?pageNumber=abc', '/api/products?pageNumber=1.5', '/api/products/p1/reviews']) {
      expect(firstQueryOf(api, address)).toBeUndefined();
    }
  });
});

describe('prefetchFirstAnswers', () => {
  it('puts the answers where the hooks find them, so they render with them at once and ask nothing again', async () => {
    const { queryClient, fetch, calls, render } = setUp({
      'GET /api/products/top': { json: top },
      'GET /api/products': { json: list },
      'GET /api/products/p1': { json: phone },
    });

    await prefetchFirstAnswers(queryClient, ['/api/products/top', '/api/products?pageNumber=2', '/api/products/p1'], { fetch });
    expect(calls.map((call) => call.url)).toEqual(['/api/products/top', '/api/products?pageNumber=2', '/api/products/p1']);

    const { result } = render(() => ({ top: useTopProducts(), list: useProducts({ pageNumber: 2 }), product: useProduct('p1') }));
    // The very first render has the data: no loading state to replace.
    expect(result.current.top.data).toEqual(top);
    expect(result.current.list.data).toEqual(list);
    expect(result.current.product.data).toEqual(phone);
    expect(calls).toHaveLength(3);
  });

  it('sends the signed-in user token as the hooks do', async () => {
    const { queryClient, fetch, calls, store } = setUp({ 'GET /api/products/top': { json: top } });
    store.signIn({ _id: 'u1', name: 'Jane', email: 'jane@example.com', isAdmin: false, token: 'tok' });

    await prefetchFirstAnswers(queryClient, ['/api/products/top'], { fetch, store });

    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it('leaves a failed answer to the page, which loads it as it would have (its loading state, then its error)', async () => {
    let answers = 0;
    const { queryClient, fetch, calls, render } = setUp({
      'GET /api/products': () => {
        answers += 1;
        return answers === 1 ? { status: 503, json: { message: 'catalog is down' } } : { json: list };
      },
    });

    await prefetchFirstAnswers(queryClient, ['/api/products?pageNumber=2'], { fetch });
    expect(queryClient.getQueryState(shopKeys.products.list({ pageNumber: 2 }))).toBeUndefined();

    const { result } = render(() => useProducts({ pageNumber: 2 }));
    expect(result.current.isPending).toBe(true);
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(result.current.data).toEqual(list));
    expect(calls).toHaveLength(2);
  });

  it('ignores addresses no hook asks for and never rejects', async () => {
    const { queryClient, fetch, calls } = setUp({});

    await expect(prefetchFirstAnswers(queryClient, ['/api/users/profile', 'http://[bad'], { fetch })).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('asks nothing for an answer the cache already holds', async () => {
    const { queryClient, fetch, calls } = setUp({ 'GET /api/products/top': { json: top } });
    queryClient.setQueryData(shopKeys.products.top(), top);

    await prefetchFirstAnswers(queryClient, ['/api/products/top'], { fetch });

    expect(calls).toEqual([]);
  });
});
