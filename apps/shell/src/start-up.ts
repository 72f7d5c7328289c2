/**
 * What the shell does before rendering: register the remotes with the Module Federation runtime.
 * The first page's remote files are already on their way: the gateway's index.html asks the
 * browser to preload them (services/gateway/src/front-end/index-page.ts).
 */
import type { RemoteManifest } from './remote-manifest.js';
import { registerShopRemotes } from './remotes.js';

/** Resolves once the remotes are registered (with none, if the manifest could not be read). */
export async function connectRemotes(remoteManifest: Promise<RemoteManifest>): Promise<void> {
  registerShopRemotes(await remoteManifest);
}
