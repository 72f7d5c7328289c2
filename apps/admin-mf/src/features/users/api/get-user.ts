import type { UserDto } from '@shop/contracts';
import { shopKeys, useSession, useShopQuery } from '@shop/shop-client';

/** The user being edited; idle while signed out or without an id. */
export function useUser(userId: string) {
  const { isSignedIn } = useSession();
  return useShopQuery<UserDto>({
    queryKey: shopKeys.users.detail(userId),
    get: { path: `/api/users/${encodeURIComponent(userId)}` },
    enabled: isSignedIn && Boolean(userId),
  });
}
