import type { OrderListQuery } from '@shop/contracts';
import { apiGetList, shopKeys, useSession, useShopQuery } from '@shop/shop-client';

/**
 * One page of the orders table (GET /api/orders: an array, its total and pages in headers), newest first
 * unless sorted, page 1 by default; idle while signed out. Each page and view is its own query under the
 * shared orders list key: paying an order or marking it delivered (on checkout's order page) invalidates
 * every cached page, so the page on screen reloads.
 */
export function useOrders({ pageNumber = 1, ...view }: OrderListQuery = {}) {
  const { isSignedIn } = useSession();
  return useShopQuery({
    queryKey: [...shopKeys.orders.lists(), { pageNumber, ...view }],
    get: apiGetList('/api/orders', { query: { pageNumber, ...view } }),
    enabled: isSignedIn,
  });
}
