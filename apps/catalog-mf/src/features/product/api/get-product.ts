import type { ProductDetailDto } from '@shop/contracts';
import { shopKeys, useShopQuery, type ApiGet } from '@shop/shop-client';

/** The GET of a product with its reviews; the gateway preloads this address with the product page. */
function productGet(id: string): ApiGet {
  return { path: `/api/products/${encodeURIComponent(id)}` };
}

/** A product with its reviews; nothing is asked until the route names one. */
export function useProduct(id: string | undefined) {
  return useShopQuery<ProductDetailDto>({
    queryKey: shopKeys.products.detail(id ?? ''),
    get: productGet(id ?? ''),
    enabled: Boolean(id),
  });
}
