/**
 * The shell's only door to the Module Federation runtime: registering the remotes found at run time
 * and loading their page modules.
 */
import type { ComponentType } from 'react';
import type { RemoteName } from '@shop/contracts';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteManifest } from './remote-manifest.js';

/**
 * A page a remote exposes, as in `catalog/HomePage`. Which pages exist is the contract of
 * libs/contracts (REMOTE_PAGES): the route table names only those (routes.spec.tsx checks it).
 */
export interface RemotePage {
  remote: RemoteName;
  module: string;
}

/** What every exposed page module exports. */
interface PageModule {
  default: ComponentType;
}

/**
 * Registers every remote of the manifest with the MF runtime. Addresses are made absolute against
 * the page, so a manifest may use site-relative paths; an entry that is no URL at all is skipped.
 */
export function registerShopRemotes(manifest: RemoteManifest, base: string = window.location.href): void {
  const remotes = Object.entries(manifest).flatMap(([name, address]) => {
    const entry = absoluteUrl(address, base);
    return entry ? [{ name, entry }] : [];
  });
  registerRemotes(remotes);
}

function absoluteUrl(address: string, base: string): string | undefined {
  try {
    return new URL(address, base).href;
  } catch {
    return undefined;
  }
}

const loading = new Map<string, Promise<PageModule>>();
const loaded = new Map<string, PageModule>();

/**
 * Loads a remote's page module (downloading what index.html's preload hints have not already fetched).
 * Concurrent and later calls share one load. A failed load stays failed, so the page's boundary shows
 * the failure the first load met (a refused version, say) at once instead of waiting on a second
 * attempt; forgetFailedLoad lets a retry fetch afresh.
 */
export function loadRemotePage({ remote, module }: RemotePage): Promise<PageModule> {
  const id = `${remote}/${module}`;
  const pending = loading.get(id);
  if (pending) return pending;
  const page = loadRemote<PageModule>(id).then((exports) => {
    if (!exports?.default) throw new Error(`The remote module ${id} has no page to render`);
    loaded.set(id, exports);
    return exports;
  });
  loading.set(id, page);
  return page;
}

/** After a failed load, the next loadRemotePage of the page fetches afresh (a retry). */
export function forgetFailedLoad({ remote, module }: RemotePage): void {
  const id = `${remote}/${module}`;
  if (!loaded.has(id)) loading.delete(id);
}

/** The page module if it has finished loading, so it can render without suspending first. */
export function loadedRemotePage({ remote, module }: RemotePage): PageModule | undefined {
  return loaded.get(`${remote}/${module}`);
}

/**
 * Loads any module a remote exposes, by id (`admin/OrderAdminActions`): how remotes render each other's
 * parts (`RemotePart` of @shop/shop-client), which the shell hands this to at start-up.
 */
export function loadRemoteModule(id: string): Promise<unknown> {
  return loadRemote(id);
}
