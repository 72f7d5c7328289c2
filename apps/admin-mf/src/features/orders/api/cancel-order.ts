import { callApi, showChangedOrder, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** PUT /api/orders/{id}/cancel (admin); the body is empty. */
export function cancelOrder(http: ApiClient, orderId: string) {
  return callApi(http, 'put', '/api/orders/{id}/cancel', { params: { id: orderId }, body: {} });
}

/**
 * Cancels an order nobody paid for (admin): its stock goes back. The answer becomes the cached order,
 * so checkout's order page shows it cancelled at once; the tables and the buyer's profile read again.
 */
export function useCancelOrder(orderId: string) {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: () => cancelOrder(http, orderId),
    onSuccess: (order) => showChangedOrder(queryClient, order),
  });
}
