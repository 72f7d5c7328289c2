import { apiGet, shopKeys, useSession, useShopQuery } from '@shop/shop-client';

/** The user being edited; idle while signed out or without an id. */
export function useUser(userId: string) {
  const { isSignedIn } = useSession();
  return useShopQuery({
    queryKey: shopKeys.users.detail(userId),
    get: apiGet('/api/users/{id}', { params: { id: userId } }),
    enabled: isSignedIn && Boolean(userId),
  });
}
