import { waitFor } from '@testing-library/react';
import { aProduct, renderHookWithClient } from '@shop/web-testing';
import { useProducts } from './get-products.js';

describe('useProducts', () => {
  it('loads the page of the searched keyword', async () => {
    const list = { products: [aProduct()], page: 2, pages: 3 };
    const { result, calls } = renderHookWithClient(() => useProducts({ keyword: 'pho ne', pageNumber: 2 }), { routes: { 'GET /api/products': { json: list } } });
    await waitFor(() => expect(result.current.data).toEqual(list));
    expect(calls[0]?.url).toBe('/api/products?keyword=pho+ne&pageNumber=2');
  });

  it('asks for page 1 of everything by default, leaving a blank keyword out', async () => {
    const { result, calls } = renderHookWithClient(() => useProducts({ keyword: '  ' }), { routes: { 'GET /api/products': { json: { products: [], page: 1, pages: 1 } } } });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls.map((call) => call.url)).toEqual(['/api/products?pageNumber=1']);
  });

  it("shows the server's message on failure", async () => {
    const { result } = renderHookWithClient(() => useProducts(), {
      routes: { 'GET /api/products': { status: 400, json: { message: 'pageNumber must be a whole number from 1' } } },
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('pageNumber must be a whole number from 1');
  });
});
