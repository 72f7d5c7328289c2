import { apiGet, shopKeys, useSession, useShopQuery, type PageQuery } from '@shop/shop-client';

/** One page of the users table, oldest account first, page 1 by default; idle while signed out. Each page is its own query. */
export function useUsers({ pageNumber = 1 }: PageQuery = {}) {
  const { isSignedIn } = useSession();
  return useShopQuery({
    queryKey: shopKeys.users.list({ pageNumber }),
    get: apiGet('/api/users', { query: { pageNumber } }),
    enabled: isSignedIn,
  });
}
