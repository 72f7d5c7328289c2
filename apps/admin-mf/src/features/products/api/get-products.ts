import { apiGet, shopKeys, useShopQuery, type PageQuery } from '@shop/shop-client';

/**
 * One page of the admin products table (every product, no keyword), page 1 by default. Each page is
 * its own query, under the catalog's list key, so an admin's change and the shop's lists stay one cache.
 */
export function useProducts({ pageNumber = 1 }: PageQuery = {}) {
  return useShopQuery({
    queryKey: shopKeys.products.list({ pageNumber }),
    get: apiGet('/api/products', { query: { pageNumber } }),
  });
}
