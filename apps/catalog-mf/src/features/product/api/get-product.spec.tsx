import { waitFor } from '@testing-library/react';
import { aProductDetail, renderHookWithClient } from '@shop/web-testing';
import { useProduct } from './get-product.js';

describe('useProduct', () => {
  it('asks for the product by its id, escaped as one path segment', async () => {
    const product = aProductDetail({ _id: 'a/b' });
    const { result, calls } = renderHookWithClient(() => useProduct('a/b'), { routes: { 'GET /api/products/a%2Fb': { json: product } } });
    await waitFor(() => expect(result.current.data).toEqual(product));
    expect(calls.map((call) => call.url)).toEqual(['/api/products/a%2Fb']);
  });

  it('asks nothing until there is an id', async () => {
    const { result, calls } = renderHookWithClient(() => useProduct(undefined), { routes: {} });
    // Give a query that wrongly started a chance to reach fetch.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });
});
