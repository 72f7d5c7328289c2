/**
 * What the shell does before rendering: register the remotes with the Module Federation runtime and
 * load the first page's module. The first page's remote files are already on their way: the gateway's
 * index.html asks the browser to preload them (services/gateway/src/front-end/index-page.ts).
 */
import { matchRoutePattern, routeDataOf } from '@shop/contracts';
import { remotePageFor } from './app/route-table.js';
import type { RemoteManifest } from './remote-manifest.js';
import { loadRemotePage, registerShopRemotes } from './remotes.js';

/** Resolves once the remotes are registered (with none, if the manifest could not be read). */
export async function connectRemotes(remoteManifest: Promise<RemoteManifest>): Promise<void> {
  registerShopRemotes(await remoteManifest);
}

/**
 * Loads the module of the page at `pathname` (one load however often it is asked for); resolves once
 * it is in or has failed, as its boundary shows a failure when it renders. No page there: at once.
 */
export async function loadFirstPage(pathname: string = window.location.pathname): Promise<void> {
  const page = remotePageFor(pathname);
  if (page) await loadRemotePage(page).catch(() => undefined);
}

/**
 * The API addresses the page at `pathname` asks for first (its route's `data`, the path's segments
 * filled in): the answers index.html preloads, which the shell puts into the query cache before the
 * first render. A segment that is not plain leaves its address out, as the gateway leaves out its hint.
 */
export function firstAnswersOf(pathname: string = window.location.pathname): string[] {
  const route = remotePageFor(pathname);
  const params = route && matchRoutePattern(route.path, pathname);
  if (!route?.data || !params) return [];
  return routeDataOf(route.data, params);
}
