/**
 * Where each remote lives, as the gateway publishes it at run time (never baked into the build):
 * `{ "catalog": "/mf/catalog/mf-manifest.json", "checkout": "...", "admin": "..." }`.
 */
export type RemoteManifest = Readonly<Record<string, string>>;

/** The gateway serves it beside the remotes' builds. */
export const REMOTE_MANIFEST_URL = '/mf/remotes.json';

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
