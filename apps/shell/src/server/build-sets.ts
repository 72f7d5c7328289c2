/**
 * The remotes' server builds, loaded through Module Federation's runtime in Node.js (docs/ssr.md). A
 * page is rendered from one *build set*: the builds of every remote a shopper's page uses (with a
 * canary running, two shoppers may use two sets). Each set is a Module Federation instance of its own,
 * made the first time a page needs it and kept while it is among the most recently used, so:
 * - a release or rollback takes effect for the next page without a restart: its set is a new instance;
 * - one page is never rendered from two builds of a remote: it asks one instance, which knows one build.
 * A remote's container is evaluated from its build's file by this instance (never Node's module cache),
 * so a set no longer used is dropped whole when it leaves the list.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { ComponentType } from 'react';
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { PageHeadOf, ServerRenderRemote } from '@shop/contracts';
import { serverShared } from './shared-modules.js';

/** What a page module of a remote's server build exports. */
export interface ServerPageModule {
  default: ComponentType;
  pageHead?: PageHeadOf;
}

type Instance = ReturnType<typeof createInstance>;
/** What a remote's container exports (`init`, `get`), as the runtime's loadEntry hook hands it back. */
type Container = NonNullable<Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>>;

/** How many build sets stay loaded: the current one, a canary's, and a few just replaced. */
const KEPT_SETS = 6;

/**
 * Evaluates a server container (a CommonJS module, `library: commonjs-module`) from its file, with its
 * own `require` and folder: its chunks are read from the same folder by the container itself.
 */
async function evaluateContainer(file: string): Promise<Container> {
  const source = await readFile(file, 'utf8');
  const module = { exports: {} as unknown };
  const wrapper = runInThisContext(`(function (exports, module, require, __dirname, __filename) {${source}\n})`, { filename: file }) as (
    exports: unknown,
    module: { exports: unknown },
    require: NodeJS.Require,
    dirname: string,
    filename: string,
  ) => void;
  wrapper(module.exports, module, createRequire(file), dirname(file), file);
  return module.exports as Container;
}

/** The runtime plugin that loads a remote's container from its build's file instead of a script tag. */
function containersFromFiles(): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-server-containers',
    // The entry names its build (`…/server/remoteEntry.js?build=3f9a1c2b7d`): the file is the part before `?`.
    loadEntry: ({ remoteInfo }) => evaluateContainer(remoteInfo.entry.replace(/\?.*$/, '')),
  };
}

/**
 * A remote's entry as a set registers it: its file, with its build id as a query. The runtime keeps every
 * loaded container globally by remote name and entry; with the build in the entry, a build rebuilt in place
 * (same folder, new id) is loaded afresh, never taken for the one before.
 */
const entryOf = (remote: ServerRenderRemote) => `${remote.serverEntry as string}?build=${encodeURIComponent(remote.build ?? '')}`;

/** The runtime's global list of loaded containers, by `name` and entry. */
const loadedContainers = () => (globalThis as { __GLOBAL_LOADING_REMOTE_ENTRY__?: Record<string, unknown> }).__GLOBAL_LOADING_REMOTE_ENTRY__;

interface BuildSet {
  instance: Instance;
  entries: string[];
}

export class BuildSets {
  private readonly sets = new Map<string, BuildSet>();
  private made = 0;

  constructor(private readonly kept = KEPT_SETS) {}

  /** Loads `remote/module` from the page's build set (made on first use). */
  async loadPage(remotes: readonly ServerRenderRemote[], remote: string, module: string): Promise<ServerPageModule> {
    const exports = await this.setOf(remotes).loadRemote<ServerPageModule>(`${remote}/${module}`);
    if (!exports || typeof exports.default !== 'function') throw new Error(`${remote}/${module} has no page to render`);
    return exports;
  }

  /** How many build sets are loaded now (tests, the renderer's log). */
  get size(): number {
    return this.sets.size;
  }

  private setOf(remotes: readonly ServerRenderRemote[]): Instance {
    const served = remotes.filter((remote) => remote.serverEntry);
    const key = served.map((remote) => `${remote.name}@${remote.build ?? remote.serverEntry}`).join(' ');
    const known = this.sets.get(key);
    if (known) {
      // Most recently used last: the first one is the one to drop.
      this.sets.delete(key);
      this.sets.set(key, known);
      return known.instance;
    }
    const entries = served.map(entryOf);
    const instance = createInstance({
      name: `shell_server_${(this.made += 1)}`,
      remotes: served.map((remote, at) => ({ name: remote.name, entry: entries[at] as string })),
      shared: serverShared(),
      shareStrategy: 'loaded-first',
      plugins: [containersFromFiles()],
    });
    this.sets.set(key, { instance, entries });
    while (this.sets.size > this.kept) this.drop(this.sets.keys().next().value as string);
    return instance;
  }

  /**
   * Forgets a set, and with it what the runtime keeps globally of it: the instance in its list of instances,
   * and the containers of the builds no other set kept uses (with their chunks, the bulk of a build).
   */
  private drop(key: string): void {
    const set = this.sets.get(key);
    this.sets.delete(key);
    if (!set) return;
    const global = (globalThis as { __FEDERATION__?: { __INSTANCES__?: unknown[] } }).__FEDERATION__;
    const at = global?.__INSTANCES__?.indexOf(set.instance) ?? -1;
    if (at >= 0) global?.__INSTANCES__?.splice(at, 1);
    const inUse = new Set([...this.sets.values()].flatMap((other) => other.entries));
    const containers = loadedContainers();
    if (!containers) return;
    for (const entry of set.entries) {
      if (inUse.has(entry)) continue;
      for (const name of Object.keys(containers)) if (name.endsWith(entry)) delete containers[name];
    }
  }
}
