import type { OrderDto } from '@shop/contracts';
import { shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** PUT /api/orders/{id}/delivery_status (admin). */
export function deliverOrder(http: ApiClient, orderId: string): Promise<OrderDto> {
  return http.request<OrderDto>(`/api/orders/${encodeURIComponent(orderId)}/delivery_status`, { method: 'PUT', body: {} });
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
    onSuccess: (order) => {
      queryClient.setQueryData(shopKeys.orders.detail(order._id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: shopKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: shopKeys.users.profile() }),
      ]);
    },
  });
}
