import { describe, expect, it } from '@jest/globals';
import { act } from '@testing-library/react';
import { renderWithClient } from '../test-support/render-with-client.js';
import { useAddToCart } from './cart.js';

const phone = {
  _id: 'p1',
  name: 'Phone',
  image: '/images/phone.jpg',
  brand: 'Apple',
  category: 'Electronics',
  description: 'A phone',
  price: 599.99,
  countInStock: 3,
  rating: 4.5,
  numReviews: 2,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  reviews: [],
};

describe('useAddToCart', () => {
  it("fetches the product afresh and adds it with today's price", async () => {
    const { result, store, calls } = renderWithClient(useAddToCart, { 'GET /api/products/p1': { json: phone } });

    await act(() => result.current.mutateAsync({ productId: 'p1', quantity: 2 }));

    expect(calls).toHaveLength(1);
    expect(store.getState().cartItems).toEqual([
      { product: 'p1', name: 'Phone', image: '/images/phone.jpg', price: 599.99, countInStock: 3, quantity: 2 },
    ]);
  });

  it('keeps the quantity within 1..countInStock', async () => {
    const { result, store } = renderWithClient(useAddToCart, { 'GET /api/products/p1': { json: phone } });

    await act(() => result.current.mutateAsync({ productId: 'p1', quantity: 99 }));
    expect(store.getState().cartItems[0].quantity).toBe(3);

    await act(() => result.current.mutateAsync({ productId: 'p1', quantity: Number.NaN }));
    expect(store.getState().cartItems[0].quantity).toBe(1);
  });

  it('keeps the quantity to the most one order line may hold, however large the stock', async () => {
    const { result, store } = renderWithClient(useAddToCart, { 'GET /api/products/p1': { json: { ...phone, countInStock: 1_000_000 } } });

    await act(() => result.current.mutateAsync({ productId: 'p1', quantity: 5000 }));
    expect(store.getState().cartItems[0].quantity).toBe(100);
  });

  it('adds nothing when the product cannot be fetched', async () => {
    const { result, store } = renderWithClient(useAddToCart, {
      'GET /api/products/p9': { status: 404, json: { message: 'Product not found' } },
    });

    await act(async () => {
      await expect(result.current.mutateAsync({ productId: 'p9', quantity: 1 })).rejects.toThrow('Product not found');
    });
    expect(store.getState().cartItems).toEqual([]);
  });

  it('adds nothing, and says why, when the product is out of stock', async () => {
    const { result, store } = renderWithClient(useAddToCart, {
      'GET /api/products/p1': { json: { ...phone, countInStock: 0 } },
    });

    await act(async () => {
      await expect(result.current.mutateAsync({ productId: 'p1', quantity: 1 })).rejects.toThrow('Phone is out of stock');
    });
    expect(store.getState().cartItems).toEqual([]);
  });
});
