import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { aProduct, renderHookWithClient } from '@shop/web-testing';
import { useCreateProduct } from './create-product.js';
import { useProducts } from './get-products.js';

describe('useCreateProduct', () => {
  it('creates a sample product with an empty body, answers it and reads the product lists again', async () => {
    const sample = aProduct({ _id: 'p9', name: 'Sample name' });
    let created = false;
    const { result, calls } = renderHookWithClient(() => ({ products: useProducts(), create: useCreateProduct() }), {
      routes: {
        'GET /api/products': () => ({ json: { products: created ? [sample] : [], page: 1, pages: created ? 1 : 0 } }),
        'POST /api/products': () => {
          created = true;
          return { status: 201, json: sample };
        },
      },
    });
    await waitFor(() => expect(result.current.products.isSuccess).toBe(true));

    await act(async () => {
      await expect(result.current.create.mutateAsync()).resolves.toEqual(sample);
    });

    await waitFor(() => expect(result.current.products.data?.products).toEqual([sample]));
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['GET', '/api/products?pageNumber=1', undefined],
      ['POST', '/api/products', {}],
      ['GET', '/api/products?pageNumber=1', undefined],
    ]);
  });
});
