/**
 * The shell's only door to the Module Federation runtime: registering the remotes found at run time
 * and loading their page modules.
 */
import type { ComponentType } from 'react';
import type { RemoteName } from '@shop/contracts';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { buildOfRemoteEntry } from './remote-build.js';
import { fetchRemoteManifest, type RemoteManifest } from './remote-manifest.js';

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
  for (const { name, entry } of remotes) registered.set(name, entry);
}

/** The address of each remote's build this page registered (the builds it started with). */
const registered = new Map<string, string>();

/**
 * The build of `remote` this page loads from now (its build id, from the registered address), or
 * undefined for a remote not registered or served from an address of no build (a dev server). It
 * changes when a failed load moves the remote to its current build, so ask at the time of the event.
 */
export function registeredBuildOf(remote: string): string | undefined {
  const entry = registered.get(remote);
  return entry ? buildOfRemoteEntry(remote, entry) : undefined;
}

/** Told of each load from a remote that failed for good (after the retry from its current build). */
export type RemoteLoadFailureListener = (remote: string, error: unknown) => void;

const loadFailureListeners = new Set<RemoteLoadFailureListener>();
/** The errors of failed loads, so an error boundary can tell a failed load from a page that threw. */
const loadFailures = new WeakSet<object>();

/** Calls `listener` on every failed load from now on; returns how to stop. */
export function onRemoteLoadFailure(listener: RemoteLoadFailureListener): () => void {
  loadFailureListeners.add(listener);
  return () => loadFailureListeners.delete(listener);
}

/** Whether `error` is the rejection of a failed load from a remote (not an error its code threw while rendering). */
export function isRemoteLoadFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && loadFailures.has(error);
}

/** Marks and announces a load that failed; returns the error to rethrow. */
function failedLoad(id: string, error: unknown): unknown {
  if (typeof error === 'object' && error !== null) loadFailures.add(error);
  const remote = id.slice(0, id.indexOf('/'));
  loadFailureListeners.forEach((listener) => {
    try {
      listener(remote, error);
    } catch {
      // An observer's failure is not the load's.
    }
  });
  return error;
}

/**
 * After a load from a remote failed: if the shop now runs another build of it (a release since this
 * page loaded, whose old build is no longer served), registers that build instead and says so. The
 * page keeps the builds it started with as long as they load (the gateway keeps them for a day after a
 * release); only a remote whose build is gone moves, and only it.
 */
async function moveToCurrentBuild(remote: string, fetchManifest?: typeof fetch): Promise<boolean> {
  const address = (await fetchRemoteManifest(fetchManifest))[remote];
  const entry = address ? absoluteUrl(address, window.location.href) : undefined;
  if (!entry || entry === registered.get(remote)) return false;
  registerRemotes([{ name: remote, entry }], { force: true });
  registered.set(remote, entry);
  return true;
}

/**
 * Loads a module a remote exposes. A failure (its chunk gone after a release, say) is tried once more
 * from the remote's current build when there is a newer one: the navigation succeeds instead of failing.
 */
async function loadFromRemote<T>(id: string): Promise<T> {
  try {
    return (await loadRemote<T>(id)) as T;
  } catch (error) {
    const remote = id.slice(0, id.indexOf('/'));
    if (!(await moveToCurrentBuild(remote).catch(() => false))) throw error;
    return (await loadRemote<T>(id)) as T;
  }
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
  const page = loadFromRemote<PageModule>(id)
    .then((exports) => {
      if (!exports?.default) throw new Error(`The remote module ${id} has no page to render`);
      loaded.set(id, exports);
      return exports;
    })
    .catch((error: unknown) => {
      throw failedLoad(id, error);
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
  return loadFromRemote(id).catch((error: unknown) => {
    throw failedLoad(id, error);
  });
}
