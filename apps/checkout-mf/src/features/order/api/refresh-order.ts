import type { QueryClient } from '@tanstack/react-query';
import type { OrderDto } from '@shop/contracts';
import { shopKeys } from '@shop/shop-client';

/**
 * After the order is paid: every view of it (its detail, the admin's lists, the profile's orders) now
 * shows its new state. (Admin's 'Mark as Delivered' does the same in admin's own deliver-order.ts.)
 */
export function refreshOrder(queryClient: QueryClient, order: OrderDto) {
  queryClient.setQueryData(shopKeys.orders.detail(order._id), order);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shopKeys.orders.all }),
    queryClient.invalidateQueries({ queryKey: shopKeys.users.profile() }),
  ]);
}
