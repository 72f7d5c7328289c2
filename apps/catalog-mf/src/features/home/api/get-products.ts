import { apiGet, shopKeys, useShopQuery, type ProductListQuery } from '@shop/shop-client';
import { apiFiltersOf, hasFilters, type SearchFilters } from '../search-filters.js';

/**
 * One page of the home list, or of a search with its filters and order. Each keyword, page and set
 * of filters is its own query, so a new search starts from an empty list (spec section 4) rather
 * than showing the previous results. Its address is also the one the gateway preloads with the page
 * (`/api/products?pageNumber=1`, `/api/products?keyword=x&pageNumber=2`): keyword before page, a
 * blank keyword left out; the filters come after, in searchQueryOf's order.
 */
export function useProducts(query: ProductListQuery = {}, filters?: SearchFilters) {
  const { keyword, pageNumber = 1 } = query;
  // A search without filters nor order is the spec's search: its key and address stay as they were.
  const filtersQuery = filters && (hasFilters(filters) || filters.sort) ? { ...apiFiltersOf(filters), sort: filters.sort } : undefined;
  return useShopQuery({
    // Filters narrow a list: under shopKeys.products.lists(), so a product change still refreshes it.
    queryKey: filtersQuery ? [...shopKeys.products.list(query), filtersQuery] : shopKeys.products.list(query),
    get: apiGet('/api/products', { query: { keyword: keyword?.trim(), pageNumber, ...filtersQuery } }),
  });
}
