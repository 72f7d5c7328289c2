/**
 * A standalone page loads the parts other remotes own (checkout's sign-in form on admin's page) from the
 * shop's current builds, as the shell does: the gateway's /mf/remotes.json (the dev server hands /mf to
 * it), registered with this page's Module Federation runtime (the standalone build is a host of its own).
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { provideRemoteParts } from '@shop/shop-client';

/** The shop's remotes list: `{ "<remote>": "<address of its remoteEntry.js>" }`. */
type RemoteList = Record<string, unknown>;

/**
 * Registers every remote of the running shop but `own` (this page renders its own pages from source),
 * then hands the runtime's loader to RemotePart. Never rejects: without a shop to ask (the gateway not
 * started), no remote is registered and each part shows its fallback.
 */
export async function connectShopRemotes(own: string, fetchList: typeof fetch = globalThis.fetch): Promise<void> {
  provideRemoteParts((id) => loadRemote(id));
  try {
    const response = await fetchList('/mf/remotes.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const list = (await response.json()) as RemoteList;
    registerRemotes(
      Object.entries(list).flatMap(([name, entry]) =>
        name !== own && typeof entry === 'string' && URL.canParse(entry, window.location.href) ? [{ name, entry: new URL(entry, window.location.href).href }] : [],
      ),
    );
  } catch {
    // No shop running: the parts of other remotes show their fallbacks.
  }
}
