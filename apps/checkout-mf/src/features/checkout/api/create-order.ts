import type { OrderCreateInput } from '@shop/contracts';
import { callApi, shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** How long placing an order may wait for the order's outcome before answering it pending. */
export const PLACEMENT_WAIT_SECONDS = 5;

/**
 * POST /api/orders, waiting up to PLACEMENT_WAIT_SECONDS for its stock to be reserved or refused
 * (RFC 7240 `Prefer: wait`), so the order page usually opens confirmed or cancelled, not pending.
 */
export function createOrder(http: ApiClient, order: OrderCreateInput) {
  return callApi(http, 'post', '/api/orders', { body: order, headers: { Prefer: `wait=${PLACEMENT_WAIT_SECONDS}` } });
}

/**
 * Places the cart's order; on success the cart is emptied (address and gateway stay) and the order page
 * opens on the answer already in the cache. Other order queries are only marked stale: none is on screen.
 */
export function useCreateOrder() {
  const { http, store, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (order: OrderCreateInput) => createOrder(http, order),
    onSuccess: (order) => {
      store.clearCart();
      queryClient.setQueryData(shopKeys.orders.detail(order._id), order);
      return queryClient.invalidateQueries({ queryKey: shopKeys.orders.all, refetchType: 'none' });
    },
  });
}
