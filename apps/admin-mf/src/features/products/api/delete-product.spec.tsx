import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { aProduct, renderHookWithClient } from '@shop/web-testing';
import { useDeleteProduct } from './delete-product.js';
import { useProducts } from './get-products.js';

describe('useDeleteProduct', () => {
  it('deletes by the encoded id, then reads the product lists again', async () => {
    const product = aProduct({ _id: 'a/b' });
    let deleted = false;
    const { result, calls } = renderHookWithClient(() => ({ products: useProducts(), remove: useDeleteProduct() }), {
      routes: {
        'GET /api/products': () => ({ json: { products: deleted ? [] : [product], page: 1, pages: deleted ? 0 : 1 } }),
        'DELETE /api/products/delete/a%2Fb': () => {
          deleted = true;
          return { json: { message: 'Product removed' } };
        },
      },
    });
    await waitFor(() => expect(result.current.products.data?.products).toEqual([product]));

    await act(() => result.current.remove.mutateAsync('a/b'));

    await waitFor(() => expect(result.current.products.data?.products).toEqual([]));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/products?pageNumber=1',
      'DELETE /api/products/delete/a%2Fb',
      'GET /api/products?pageNumber=1',
    ]);
  });
});
