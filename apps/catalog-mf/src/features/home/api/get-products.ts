import type { ProductListDto } from '@shop/contracts';
import { shopKeys, useShopQuery, type ApiGet, type ProductListQuery } from '@shop/shop-client';

/**
 * The GET of one page of the home list. Its address is also the one the gateway preloads with the
 * page (`/api/products?pageNumber=1`, `/api/products?keyword=x&pageNumber=2`): keyword before page,
 * a blank keyword left out, so it must not change shape.
 */
function productListGet({ keyword, pageNumber = 1 }: ProductListQuery = {}): ApiGet {
  return { path: '/api/products', query: { keyword: keyword?.trim(), pageNumber } };
}

/**
 * One page of the home list. Each keyword and page is its own query, so a new search starts
 * from an empty list (spec section 4) rather than showing the previous results.
 */
export function useProducts(query: ProductListQuery = {}) {
  return useShopQuery<ProductListDto>({ queryKey: shopKeys.products.list(query), get: productListGet(query) });
}
