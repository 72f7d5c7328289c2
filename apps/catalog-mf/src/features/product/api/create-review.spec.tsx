import { act, waitFor } from '@testing-library/react';
import { anAdmin, aProductDetail, renderHookWithClient } from '@shop/web-testing';
import { useCreateReview } from './create-review.js';
import { useProduct } from './get-product.js';

const phone = aProductDetail({ _id: 'p1', reviews: [], numReviews: 0, rating: 0 });

describe('useCreateReview', () => {
  it('reloads the product so the new review shows', async () => {
    const review = { _id: 'r1', name: 'Admin', rating: 5, comment: 'Great', createdAt: '2026-11-23T11:00:00.000Z' };
    let reviewed = false;
    const { result, calls } = renderHookWithClient(() => ({ product: useProduct('p1'), review: useCreateReview('p1') }), {
      user: anAdmin,
      routes: {
        'GET /api/products/p1': () => ({ json: reviewed ? { ...phone, reviews: [review], numReviews: 1, rating: 5 } : phone }),
        'PUT /api/products/p1/reviews': () => {
          reviewed = true;
          return { status: 201, json: { message: 'Review added' } };
        },
      },
    });
    await waitFor(() => expect(result.current.product.data?.reviews).toEqual([]));

    await act(() => result.current.review.mutateAsync({ rating: 5, comment: 'Great' }));

    await waitFor(() => expect(result.current.product.data?.reviews).toEqual([review]));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/products/p1',
      'PUT /api/products/p1/reviews',
      'GET /api/products/p1',
    ]);
    expect(calls[1]?.body).toEqual({ rating: 5, comment: 'Great' });
    expect(calls[1]?.headers.get('Authorization')).toBe(`Bearer ${anAdmin.token}`);
  });
});
