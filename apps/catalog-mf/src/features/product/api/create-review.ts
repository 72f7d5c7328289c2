import type { ReviewInput } from '@shop/contracts';
import { shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** The server's confirmation of a review ('Review added'). */
export interface ReviewAdded {
  message: string;
}

/** Writes the signed-in user's review of a product. */
export function createReview(http: ApiClient, productId: string, review: ReviewInput): Promise<ReviewAdded> {
  return http.request<ReviewAdded>(`/api/products/${encodeURIComponent(productId)}/reviews`, { method: 'PUT', body: review });
}

/** Writes a review; the product's reviews and ratings (in every list too) change with it. */
export function useCreateReview(productId: string) {
  const { http, queryClient } = useShopClient();
  return useShopMutation<ReviewAdded, ReviewInput>({
    mutationFn: (review) => createReview(http, productId, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}
