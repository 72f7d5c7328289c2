import { callApi, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';
import { refreshReleases, showReleases } from './releases-status.js';

export interface PromoteReleaseInput {
  /** The remote whose canary is promoted: catalog, checkout or admin. */
  remote: string;
  /** The canary's new share of the shoppers, 1 to 100; 100 makes it the current build. */
  percent: number;
  /** The canary the admin clicked: the gateway refuses (409) when the remote has another by now. */
  build: string;
}

/** POST /api/releases/{remote}/promote (admin) with `{ percent, build }`; answers the status after it. */
export function promoteRelease(http: ApiClient, { remote, percent, build }: PromoteReleaseInput) {
  return callApi(http, 'post', '/api/releases/{remote}/promote', { params: { remote }, body: { percent, build } });
}

/**
 * Serves a remote's canary to more shoppers, or to all of them. The answer is the new status, which the
 * page shows at once; a refusal (no canary any more, releases not managed here) reads the status afresh.
 */
export function usePromoteRelease() {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (input: PromoteReleaseInput) => promoteRelease(http, input),
    onSuccess: (status) => showReleases(queryClient, status),
    onError: () => refreshReleases(queryClient),
  });
}
