import type { ProductDto } from '@shop/contracts';
import { shopKeys, useShopQuery, type ApiGet } from '@shop/shop-client';

/** The GET of the top-rated products; the gateway preloads this address with the home page. */
const topProductsGet: ApiGet = { path: '/api/products/top' };

/** The top-rated products of the carousel. */
export function useTopProducts() {
  return useShopQuery<ProductDto[]>({ queryKey: shopKeys.products.top(), get: topProductsGet });
}
