import { apiGet, shopKeys, useShopQuery } from '@shop/shop-client';

/** Fewest characters typed before suggestions are asked: one letter matches too much to help. */
export const MIN_SUGGESTION_LENGTH = 2;

/**
 * The products suggested for what is typed (GET /api/products/suggestions?q=), when `wanted` (the box
 * is open). Each text is its own
 * query: when the text changes, the earlier query loses its watcher and TanStack aborts its request
 * (shop-client hands its signal to fetch), so a stale answer never arrives to be shown.
 */
export function useSuggestions(typed: string, wanted: boolean) {
  const q = typed.trim();
  return useShopQuery({
    queryKey: [...shopKeys.products.all, 'suggestions', q],
    get: apiGet('/api/products/suggestions', { query: { q } }),
    // Only while the shopper uses the box: a search page's keyword in it asks nothing by itself.
    enabled: wanted && q.length >= MIN_SUGGESTION_LENGTH,
    staleTime: 30_000,
  });
}
