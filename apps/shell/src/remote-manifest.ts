/**
 * Where each remote lives, as the gateway publishes it at run time (never baked into the build):
 * `{ "catalog": "/mf/catalog/3f9a1c2b7d/remoteEntry.js", "checkout": "...", "admin": "..." }`, the
 * address of each remote's current build.
 */
export type RemoteManifest = Readonly<Record<string, string>>;

/** The gateway serves it beside the remotes' builds. */
export const REMOTE_MANIFEST_URL = '/mf/remotes.json';

/** The element of index.html in which the gateway writes the same list, so the page need not ask. */
export const INLINE_MANIFEST_ID = 'shop-remotes';

/**
 * The remotes manifest of this page: the one the gateway wrote into index.html (no request, no
 * wait), or, where the page has none (the shell's own dev server), the one at REMOTE_MANIFEST_URL.
 */
export function remoteManifestOfPage(page: Document = document, fetchManifest: typeof fetch = globalThis.fetch): Promise<RemoteManifest> {
  const inline = page.getElementById(INLINE_MANIFEST_ID)?.textContent;
  if (inline) {
    try {
      return Promise.resolve(manifestFrom(JSON.parse(inline)));
    } catch {
      // A garbled inline list: ask the gateway instead.
    }
  }
  return fetchRemoteManifest(fetchManifest);
}

/**
 * Fetches the remotes manifest. Never rejects: a missing, failing or malformed manifest gives an
 * empty one, so the shell still renders its frame and each remote's area shows its notice.
 */
export async function fetchRemoteManifest(fetchManifest: typeof fetch = globalThis.fetch): Promise<RemoteManifest> {
  try {
    const response = await fetchManifest(REMOTE_MANIFEST_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) return {};
    return manifestFrom(await response.json());
  } catch {
    return {};
  }
}

/** Keeps the entries that name a manifest address; anything else in the file is ignored. */
function manifestFrom(body: unknown): RemoteManifest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}
