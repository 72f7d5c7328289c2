import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import type { ProductDetailDto } from '@shop/contracts';
import { renderWithClient } from '../test-support/render-with-client.js';
import { useCreateReview, useProduct, useProducts } from './products.js';

const admin = { _id: 'u9', name: 'Admin', email: 'admin@example.com', isAdmin: true, token: 'tok' };

const phone: ProductDetailDto = {
  _id: 'p1',
  name: 'Phone',
  image: '/images/phone.jpg',
  brand: 'Apple',
  category: 'Electronics',
  description: 'A phone',
  price: 599.99,
  countInStock: 5,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  reviews: [],
};

describe('useProducts', () => {
  it('loads the page of the searched keyword', async () => {
    const list = { products: [phone], page: 2, pages: 3 };
    const { result, calls } = renderWithClient(() => useProducts({ keyword: 'pho ne', pageNumber: 2 }), {
      'GET /api/products': { json: list },
    });
    await waitFor(() => expect(result.current.data).toEqual(list));
    expect(calls[0].url).toBe('/api/products?keyword=pho+ne&pageNumber=2');
  });

  it("shows the server's message on failure", async () => {
    const { result } = renderWithClient(() => useProducts(), {
      'GET /api/products': { status: 400, json: { message: 'pageNumber must be a whole number from 1' } },
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('pageNumber must be a whole number from 1');
  });
});

describe('useCreateReview', () => {
  it('reloads the product so the new review shows', async () => {
    const review = { _id: 'r1', name: 'Admin', rating: 5, comment: 'Great', createdAt: '2026-11-23T11:00:00.000Z' };
    let reviewed = false;
    const { result, store, calls } = renderWithClient(
      () => ({ product: useProduct('p1'), review: useCreateReview('p1') }),
      {
        'GET /api/products/p1': () => ({ json: reviewed ? { ...phone, reviews: [review], numReviews: 1, rating: 5 } : phone }),
        'PUT /api/products/p1/reviews': () => {
          reviewed = true;
          return { status: 201, json: { message: 'Review added' } };
        },
      },
    );
    act(() => store.signIn(admin));
    await waitFor(() => expect(result.current.product.data?.reviews).toEqual([]));

    await act(() => result.current.review.mutateAsync({ rating: 5, comment: 'Great' }));

    await waitFor(() => expect(result.current.product.data?.reviews).toEqual([review]));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/products/p1',
      'PUT /api/products/p1/reviews',
      'GET /api/products/p1',
    ]);
  });
});
