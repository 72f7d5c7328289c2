import type { OrderDto, PayStatusInput } from '@shop/contracts';
import { useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';
import { refreshOrder } from './refresh-order.js';

/** PUT /api/orders/{id}/pay_status with PayPal's approval: the shop checks the order and captures. */
export function payOrder(http: ApiClient, orderId: string, paymentResult: PayStatusInput): Promise<OrderDto> {
  return http.request<OrderDto>(`/api/orders/${encodeURIComponent(orderId)}/pay_status`, { method: 'PUT', body: paymentResult });
}

/** Sends PayPal's result for the order; the order then reloads (spec section 4). */
export function usePayOrder(orderId: string) {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (paymentResult: PayStatusInput) => payOrder(http, orderId, paymentResult),
    onSuccess: (order) => refreshOrder(queryClient, order),
  });
}
