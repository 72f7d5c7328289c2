import { callApi, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';
import { refreshReleases, showReleases } from './releases-status.js';

export interface RollbackReleaseInput {
  remote: string;
  /**
   * The build the admin means to withdraw (the canary, or without one the current build): the gateway
   * refuses (409) when the remote moved on meanwhile (the automatic rollback, another admin), instead of
   * rolling back a build nobody chose.
   */
  build: string;
}

/**
 * POST /api/releases/{remote}/rollback (admin) with `{ build }`; answers the status after it. With a
 * canary, the canary is withdrawn; without, the build retired last (and not rolled back itself) is the
 * current one again.
 */
export function rollbackRelease(http: ApiClient, { remote, build }: RollbackReleaseInput) {
  return callApi(http, 'post', '/api/releases/{remote}/rollback', { params: { remote }, body: { build } });
}

/** Rolls a remote back. The answer is the new status, shown at once; a refusal reads the status afresh. */
export function useRollbackRelease() {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (input: RollbackReleaseInput) => rollbackRelease(http, input),
    onSuccess: (status) => showReleases(queryClient, status),
    onError: () => refreshReleases(queryClient),
  });
}
