import { describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { aProduct, renderHookWithClient } from '@shop/web-testing';
import { useProducts } from './get-products.js';

describe('useProducts', () => {
  it('reads the page it is asked for, without a keyword, under the shared list key', async () => {
    const list = { products: [aProduct()], page: 2, pages: 3 };
    const { result, calls, queryClient } = renderHookWithClient(() => useProducts({ pageNumber: 2 }), { routes: { 'GET /api/products': { json: list } } });

    await waitFor(() => expect(result.current.data).toEqual(list));
    expect(calls.map((call) => call.url)).toEqual(['/api/products?pageNumber=2']);
    expect(queryClient.getQueryData(shopKeys.products.list({ pageNumber: 2 }))).toEqual(list);
  });

  it('reads page 1 by default', async () => {
    const { result, calls } = renderHookWithClient(() => useProducts(), { routes: { 'GET /api/products': { json: { products: [], page: 1, pages: 0 } } } });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls[0].url).toBe('/api/products?pageNumber=1');
  });

  it("shows the server's message on failure", async () => {
    const { result } = renderHookWithClient(() => useProducts(), {
      routes: {
        'GET /api/products': { status: 400, json: { message: 'pageNumber must be a whole number from 1' } },
      },
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('pageNumber must be a whole number from 1');
  });
});
