import { apiGet, shopKeys, useShopQuery } from '@shop/shop-client';

/** The top-rated products of the carousel; the gateway preloads this address with the home page. */
export function useTopProducts() {
  return useShopQuery({ queryKey: shopKeys.products.top(), get: apiGet('/api/products/top') });
}
