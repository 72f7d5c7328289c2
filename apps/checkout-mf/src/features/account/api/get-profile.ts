import type { ProfileDto } from '@shop/contracts';
import { shopKeys, useSession, useShopQuery } from '@shop/shop-client';

/** The signed-in user's account and own orders (GET /api/users/profile); idle while signed out. */
export function useProfile() {
  const { isSignedIn } = useSession();
  return useShopQuery<ProfileDto>({
    queryKey: shopKeys.users.profile(),
    get: { path: '/api/users/profile' },
    enabled: isSignedIn,
  });
}
