import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { aProductDetail, renderHookWithClient } from '@shop/web-testing';
import { useProduct } from './get-product.js';
import { useUpdateProduct } from './update-product.js';

const fields = { name: 'N', price: 9.99, image: '/i.png', brand: 'B', category: 'C', countInStock: 3, description: 'D' };

describe('useUpdateProduct', () => {
  it("sends the fields with the path's id as _id, then reads the product again", async () => {
    const before = aProductDetail({ _id: 'p1' });
    let saved = false;
    const { result, calls } = renderHookWithClient(() => ({ product: useProduct('p1'), update: useUpdateProduct() }), {
      routes: {
        'GET /api/products/p1': () => ({ json: saved ? { ...before, ...fields } : before }),
        'PUT /api/products/p1': (call) => {
          saved = true;
          return { json: call.body };
        },
      },
    });
    await waitFor(() => expect(result.current.product.data).toEqual(before));

    await act(() => result.current.update.mutateAsync({ id: 'p1', ...fields }));

    await waitFor(() => expect(result.current.product.data?.name).toBe('N'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...fields, _id: 'p1' });
  });

  it("shows the server's message when the save is refused", async () => {
    const { result } = renderHookWithClient(useUpdateProduct, { routes: { 'PUT /api/products/p1': { status: 400, json: { message: 'price must not be negative' } } } });

    act(() => result.current.mutate({ id: 'p1', ...fields, price: -1 }));

    await waitFor(() => expect(result.current.error?.message).toBe('price must not be negative'));
  });
});
