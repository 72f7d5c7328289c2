import type { UserListQuery } from '@shop/contracts';
import { apiGetList, shopKeys, useSession, useShopQuery } from '@shop/shop-client';

/**
 * One page of the users table (GET /api/users: an array, its total and pages in headers), oldest account
 * first unless sorted, page 1 by default; idle while signed out. Each page and view is its own query,
 * under the shared users list key, so a change elsewhere reloads them all.
 */
export function useUsers({ pageNumber = 1, ...view }: UserListQuery = {}) {
  const { isSignedIn } = useSession();
  return useShopQuery({
    queryKey: [...shopKeys.users.lists(), { pageNumber, ...view }],
    get: apiGetList('/api/users', { query: { pageNumber, ...view } }),
    enabled: isSignedIn,
  });
}
