import type { ProductDetailDto } from '@shop/contracts';
import { shopKeys, useShopQuery } from '@shop/shop-client';

/** The product being edited (with its reviews, as the catalog reads it); idle without an id. */
export function useProduct(productId: string) {
  return useShopQuery<ProductDetailDto>({
    queryKey: shopKeys.products.detail(productId),
    get: { path: `/api/products/${encodeURIComponent(productId)}` },
    enabled: Boolean(productId),
  });
}
