import { apiGet, shopKeys, useSession, useShopQuery, type PageQuery } from '@shop/shop-client';

/**
 * One page of the orders table, newest first, page 1 by default; idle while signed out. Each page is
 * its own query; paying an order or marking it delivered (on checkout's order page) invalidates every
 * cached page, so the page on screen reloads.
 */
export function useOrders({ pageNumber = 1 }: PageQuery = {}) {
  const { isSignedIn } = useSession();
  return useShopQuery({
    queryKey: shopKeys.orders.list({ pageNumber }),
    get: apiGet('/api/orders', { query: { pageNumber } }),
    enabled: isSignedIn,
  });
}
