import { apiGet, shopKeys, useShopQuery, type ProductListQuery } from '@shop/shop-client';

/**
 * One page of the home list. Each keyword and page is its own query, so a new search starts
 * from an empty list (spec section 4) rather than showing the previous results. Its address is also
 * the one the gateway preloads with the page (`/api/products?pageNumber=1`,
 * `/api/products?keyword=x&pageNumber=2`): keyword before page, a blank keyword left out.
 */
export function useProducts(query: ProductListQuery = {}) {
  const { keyword, pageNumber = 1 } = query;
  return useShopQuery({
    queryKey: shopKeys.products.list(query),
    get: apiGet('/api/products', { query: { keyword: keyword?.trim(), pageNumber } }),
  });
}
