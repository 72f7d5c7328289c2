import { callApi, showChangedOrder, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** PUT /api/orders/{id}/refund (admin); the body is empty. */
export function refundOrder(http: ApiClient, orderId: string) {
  return callApi(http, 'put', '/api/orders/{id}/refund', { params: { id: orderId }, body: {} });
}

/**
 * Gives a paid order's payment back (admin), through PayPal's refund API on the server. The answer
 * becomes the cached order (refunded, with its refunds), so the page shows it at once.
 */
export function useRefundOrder(orderId: string) {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: () => refundOrder(http, orderId),
    onSuccess: (order) => showChangedOrder(queryClient, order),
  });
}
