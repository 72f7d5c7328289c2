import { apiGet, shopKeys, useSession, useShopQuery } from '@shop/shop-client';

/** The signed-in user's account and own orders (GET /api/users/profile); idle while signed out. */
export function useProfile() {
  const { isSignedIn } = useSession();
  return useShopQuery({ queryKey: shopKeys.users.profile(), get: apiGet('/api/users/profile'), enabled: isSignedIn });
}
