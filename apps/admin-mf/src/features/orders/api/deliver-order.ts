import { callApi, showChangedOrder, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** PUT /api/orders/{id}/delivery_status (admin); the body is empty. */
export function deliverOrder(http: ApiClient, orderId: string) {
  return callApi(http, 'put', '/api/orders/{id}/delivery_status', { params: { id: orderId }, body: {} });
}

/**
 * Marks a paid order delivered (admin). The answer becomes the cached order, so the page showing it
 * (checkout's order page) turns delivered at once; the orders tables and the customer's profile, which
 * list it too, are read again.
 */
export function useDeliverOrder(orderId: string) {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: () => deliverOrder(http, orderId),
    onSuccess: (order) => showChangedOrder(queryClient, order),
  });
}
