/**
 * What the shell does before rendering: register the remotes with the Module Federation runtime and
 * load the first page's module. The first page's remote files are already on their way: the storefront
 * server's index.html asks the browser to preload them (services/storefront/src/front-end/index-page.ts).
 */
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
 * The API addresses the page asks for first: the answers index.html preloads (the gateway writes them
 * from the page's remote build, page-files.json), which the shell fetches into the page's first answers
 * before the first render. The shell knows none of them itself: a remote changes them in its own release.
 */
export function firstAnswersOf(document: Document = window.document): string[] {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map((link) => link.getAttribute('href') ?? '').filter(Boolean);
}
