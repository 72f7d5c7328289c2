/**
 * What the shell does before React: learn where the remotes live, register them with the Module
 * Federation runtime, and start fetching the first page's remote. Nothing here touches a shared
 * module (React…), so it runs in the entry chunk, alongside the download of the shell's own code.
 */
import { remotePageFor } from './app/route-table.js';
import type { RemoteManifest } from './remote-manifest.js';
import { prefetchRemotePage, registerShopRemotes } from './remotes.js';

/** Resolves once the remotes are registered (with none, if the manifest could not be read). */
export async function connectRemotes(remoteManifest: Promise<RemoteManifest>, firstPath: string): Promise<void> {
  registerShopRemotes(await remoteManifest);
  const firstPage = remotePageFor(firstPath);
  if (firstPage) prefetchRemotePage(firstPage);
}
