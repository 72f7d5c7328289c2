import { apiGet, shopKeys, useShopQuery } from '@shop/shop-client';

/** The product being edited (with its reviews, as the catalog reads it); idle without an id. */
export function useProduct(productId: string) {
  return useShopQuery({
    queryKey: shopKeys.products.detail(productId),
    get: apiGet('/api/products/{id}', { params: { id: productId } }),
    enabled: Boolean(productId),
  });
}
