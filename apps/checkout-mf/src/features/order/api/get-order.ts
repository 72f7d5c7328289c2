import { apiGet, shopKeys, useSession, useShopQuery } from '@shop/shop-client';

/** How often an order waiting for its stock is asked again. */
export const PENDING_ORDER_POLL_MS = 2_000;

/**
 * One order (GET /api/orders/{id}), for its owner or an admin. While its stock is being reserved
 * (status 'pending') it is asked again every PENDING_ORDER_POLL_MS, so the page turns to confirmed
 * (payable) or cancelled by itself.
 */
export function useOrder(id: string | undefined) {
  const { isSignedIn } = useSession();
  return useShopQuery({
    queryKey: shopKeys.orders.detail(id ?? ''),
    // Without an id the query is disabled: the empty segment is never sent.
    get: apiGet('/api/orders/{id}', { params: { id: id ?? '' } }),
    enabled: isSignedIn && Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_ORDER_POLL_MS : false),
  });
}
