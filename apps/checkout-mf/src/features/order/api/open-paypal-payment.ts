import { callApi, shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/**
 * POST /api/orders/{id}/paypal: the shop opens the order's PayPal payment on the server, for the
 * order's total and marked with its id, and answers PayPal's order id (the browser never sets the amount).
 */
export async function openPayPalPayment(http: ApiClient, orderId: string): Promise<string> {
  const payment = await callApi(http, 'post', '/api/orders/{id}/paypal', { params: { id: orderId }, body: {} });
  return payment.id;
}

/** The PayPal button's createOrder. */
export function useOpenPayPalPayment(orderId: string) {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: () => openPayPalPayment(http, orderId),
    // A refusal (the order was cancelled, paid meanwhile, or its time to pay ran out) means the page
    // shows an old state of the order: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: shopKeys.orders.detail(orderId) }),
  });
}
