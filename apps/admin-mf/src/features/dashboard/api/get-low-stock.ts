import { apiGet, shopKeys, useSession, useShopQuery } from '@shop/shop-client';

/** How many products the dashboard's low-stock chart shows. */
export const LOW_STOCK_SHOWN = 10;

/**
 * The products running out, least stock first; idle while signed out. Kept under the products' key, so
 * an admin's product edit (which invalidates every product query) reads it again.
 */
export function useLowStock() {
  const { isSignedIn } = useSession();
  return useShopQuery({
    queryKey: [...shopKeys.products.all, 'low-stock', { limit: LOW_STOCK_SHOWN }],
    get: apiGet('/api/products/low-stock', { query: { limit: LOW_STOCK_SHOWN } }),
    enabled: isSignedIn,
  });
}
