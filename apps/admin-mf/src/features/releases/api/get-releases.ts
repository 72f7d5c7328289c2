import { apiGet, useSession, useShopQuery } from '@shop/shop-client';
import { releaseKeys } from './releases-status.js';

/** How often the releases page reads the status again: shoppers' sessions and errors keep coming in. */
export const RELEASES_REFRESH_MS = 10_000;

/**
 * GET /api/releases (admin): each remote's current, canary and retained builds with what shoppers
 * reported of them, and the recent release actions. Read again every 10 s while the page is open, and
 * on every visit (the figures age fast); idle while signed out.
 */
export function useReleases() {
  const { isSignedIn } = useSession();
  return useShopQuery({
    queryKey: releaseKeys.status(),
    get: apiGet('/api/releases'),
    enabled: isSignedIn,
    staleTime: 0,
    refetchInterval: RELEASES_REFRESH_MS,
  });
}
