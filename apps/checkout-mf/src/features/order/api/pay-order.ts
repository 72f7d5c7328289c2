import type { PayStatusInput } from '@shop/contracts';
import { callApi, showChangedOrder, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** PUT /api/orders/{id}/pay_status with PayPal's approval: the shop checks the order and captures. */
export function payOrder(http: ApiClient, orderId: string, paymentResult: PayStatusInput) {
  return callApi(http, 'put', '/api/orders/{id}/pay_status', { params: { id: orderId }, body: paymentResult });
}

/** Sends PayPal's result for the order; the order then reloads (spec section 4). */
export function usePayOrder(orderId: string) {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (paymentResult: PayStatusInput) => payOrder(http, orderId, paymentResult),
    onSuccess: (order) => showChangedOrder(queryClient, order),
  });
}
