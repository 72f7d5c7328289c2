import { apiGet, shopKeys, useSession, useShopQuery } from '@shop/shop-client';

/**
 * The dashboard's orders figures (sales per UTC day, orders by state, best sellers); idle while signed
 * out. Kept under the orders' key, so an order paid or delivered elsewhere on the page reads it again,
 * and signing out forgets it with the other orders.
 */
export function useDashboard() {
  const { isSignedIn } = useSession();
  return useShopQuery({
    queryKey: [...shopKeys.orders.all, 'dashboard'],
    get: apiGet('/api/orders/dashboard'),
    enabled: isSignedIn,
  });
}
