import { apiGet, shopKeys, useShopQuery } from '@shop/shop-client';

/**
 * A product with its reviews; nothing is asked until the route names one. The gateway preloads this
 * address with the product page.
 */
export function useProduct(id: string | undefined) {
  return useShopQuery({
    queryKey: shopKeys.products.detail(id ?? ''),
    // Without an id the query is disabled: the placeholder segment is never sent.
    get: apiGet('/api/products/{id}', { params: { id: id ?? '-' } }),
    enabled: Boolean(id),
  });
}
