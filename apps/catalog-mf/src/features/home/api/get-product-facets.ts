import { apiGet, shopKeys, useShopQuery } from '@shop/shop-client';
import { apiFiltersOf, type SearchFilters } from '../search-filters.js';

/**
 * The facets of a search (GET /api/products/facets): how many products each category, brand, price
 * range, rating floor and "in stock" would leave, each counted with the other filters applied.
 */
export function useProductFacets(keyword: string, filters: SearchFilters) {
  const query = { keyword: keyword.trim(), ...apiFiltersOf(filters) };
  return useShopQuery({
    queryKey: [...shopKeys.products.all, 'facets', query],
    get: apiGet('/api/products/facets', { query }),
    // The counts of the previous filters stay while the new ones load: the panel does not jump.
    placeholderData: (previous) => previous,
  });
}
