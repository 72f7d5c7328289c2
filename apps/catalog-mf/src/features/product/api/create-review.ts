import type { ReviewInput } from '@shop/contracts';
import { callApi, shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** Writes the signed-in user's review of a product; answers the server's confirmation ('Review added'). */
export function createReview(http: ApiClient, productId: string, review: ReviewInput) {
  return callApi(http, 'put', '/api/products/{id}/reviews', { params: { id: productId }, body: review });
}

/** Writes a review; the product's reviews and ratings (in every list too) change with it. */
export function useCreateReview(productId: string) {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (review: ReviewInput) => createReview(http, productId, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}
