import { describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { aProductDetail, renderHookWithClient } from '@shop/web-testing';
import { useProduct } from './get-product.js';

describe('useProduct', () => {
  it('reads the product by its encoded id, under the key the catalog shares', async () => {
    const product = aProductDetail({ _id: 'a/b' });
    const { result, calls, queryClient } = renderHookWithClient(() => useProduct('a/b'), { routes: { 'GET /api/products/a%2Fb': { json: product } } });

    await waitFor(() => expect(result.current.data).toEqual(product));
    expect(calls.map((call) => call.url)).toEqual(['/api/products/a%2Fb']);
    expect(queryClient.getQueryData(shopKeys.products.detail('a/b'))).toEqual(product);
  });

  it('asks for nothing without an id', () => {
    const { result, calls } = renderHookWithClient(() => useProduct(''), { routes: {} });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });
});
