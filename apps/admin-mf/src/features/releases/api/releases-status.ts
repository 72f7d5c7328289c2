import type { ApiAnswer, ShopClient } from '@shop/shop-client';

/**
 * GET /api/releases (admin), and the answer of every release action: each remote's builds with what
 * shoppers reported of them, the automatic rollback's rule, whether the builds can be changed from here
 * (`managed`), and the last release actions, newest first. Typed by the gateway's OpenAPI document
 * (libs/api-types, `StorefrontSchemas['ReleasesStatusResponse']`).
 */
export type ReleasesStatus = ApiAnswer<'/api/releases', 'get'>;

/** One remote's builds: current, canary and retained. */
export type RemoteReleases = ReleasesStatus['remotes'][number];

/** What shoppers reported of one build: sessions, errors and the p75 of each Web Vital (null before any report). */
export type BuildStatus = NonNullable<RemoteReleases['current']>;

/** A canary: a build served to `percent` % of the shoppers besides the current one. */
export type CanaryStatus = NonNullable<RemoteReleases['canary']>;

/** A build that was current (or a canary) once, kept for the pages still using it until `servedUntil`. */
export type RetainedStatus = RemoteReleases['retained'][number];

/** Something an operator (or the gateway itself) did to a remote's builds. */
export type ReleaseAction = ReleasesStatus['actions'][number];

/** The releases' query key: only admin reads it, so it stays in this remote (shop-client's keys are the shared ones). */
export const releaseKeys = {
  all: ['releases'] as const,
  status: () => [...releaseKeys.all, 'status'] as const,
};

type QueryClient = ShopClient['queryClient'];

/** A release action answered the status after it: the page shows that at once, without asking again. */
export function showReleases(queryClient: QueryClient, status: ReleasesStatus): void {
  queryClient.setQueryData(releaseKeys.status(), status);
}

/** A release action was refused (someone else changed the remote meanwhile, say): the page reads the status afresh. */
export function refreshReleases(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: releaseKeys.status() });
}
