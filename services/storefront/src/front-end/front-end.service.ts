import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type express from 'express';
import type { Handler } from 'express';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { PageSessions } from '@shop/mf-releases';
import { clientKeyOf, SERVICE_CONFIG } from '@shop/service-kit';
import type { StorefrontConfig } from '../config.js';
import { IndexPage, type PageParts } from './index-page.js';
import { credentialElement } from './server-pages.js';
import { precompressedFiles } from './precompressed-files.js';
import { RemoteBuilds, type RemoteLocation } from './remote-builds.js';

/** A content-hashed file name (`main.3f2a9c1e.js`): its content never changes under that name. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/;
const FOR_GOOD = 'public, max-age=31536000, immutable';

/** The shell's hashed assets are kept for good; its other files (favicon.svg, routes.json) revalidated. */
function shellCacheHeaders(res: express.Response, path: string): void {
  res.setHeader('Cache-Control', HASHED.test(path) ? FOR_GOOD : 'no-cache');
}

/** Everything in a remote's build folder is kept for good: the folder's address names the build. */
function buildCacheHeaders(res: express.Response): void {
  res.setHeader('Cache-Control', FOR_GOOD);
}

/** The files of a module in a build's mf-manifest.json. */
const moduleAssets = z.object({
  js: z.object({ sync: z.array(z.string()).default([]), async: z.array(z.string()).default([]) }).partial().default({}),
  css: z.object({ sync: z.array(z.string()).default([]), async: z.array(z.string()).default([]) }).partial().default({}),
});
const manifestAssets = z.object({
  exposes: z.array(z.object({ assets: moduleAssets })).default([]),
  shared: z.array(z.object({ assets: moduleAssets })).default([]),
});

/** The files a build's mf-manifest.json lists, and its remoteEntry.js (a missing or broken manifest lists the entry only). */
function manifestFiles(dir: string): ReadonlySet<string> {
  const listed = new Set(['remoteEntry.js']);
  try {
    const manifest = manifestAssets.parse(JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')));
    for (const { assets } of [...manifest.exposes, ...manifest.shared]) {
      for (const file of [...(assets.js.sync ?? []), ...(assets.js.async ?? []), ...(assets.css.sync ?? []), ...(assets.css.async ?? [])]) listed.add(file);
    }
  } catch {
    // No manifest (another team's build): its entry only.
  }
  return listed;
}

/**
 * The storefront as the browser gets it: the shell's files, its index.html with the remotes'
 * current addresses written in, and the remotes' builds. Which build of a remote runs comes from
 * RemoteBuilds (MF_REMOTES, or MF_REMOTES_FILE, which can change while the storefront server runs).
 */
@Injectable()
export class FrontEnd {
  readonly shellDir: string;
  readonly shellFiles: Handler;
  private readonly indexPage: IndexPage;
  private readonly buildFiles = new Map<string, Handler>();
  private readonly listedFiles = new LRUCache<string, ReadonlySet<string>>({ max: 256 });

  constructor(
    @Inject(SERVICE_CONFIG) config: StorefrontConfig,
    private readonly builds: RemoteBuilds,
    private readonly sessions: PageSessions,
  ) {
    this.shellDir = resolve(config.SHELL_DIR);
    this.shellFiles = precompressedFiles(this.shellDir, shellCacheHeaders);
    this.indexPage = new IndexPage(this.shellDir);
  }

  get shellBuilt(): boolean {
    return existsSync(resolve(this.shellDir, 'index.html'));
  }

  /** `{ name: address of its remoteEntry.js }` for every remote, as a shopper of `cohort` gets them. */
  remoteEntries(cohort?: number): Record<string, string> {
    return Object.fromEntries(this.builds.current(cohort).map((remote) => [remote.name, remote.entry]));
  }

  /** The remotes' builds a shopper of `cohort` gets. */
  remotesFor(cohort?: number): RemoteLocation[] {
    return this.builds.current(cohort);
  }

  /** index.html for `pathname` with `remotes` written in, and the page's first API answers apart (docs/ssr.md). */
  pageParts(pathname: string, remotes: RemoteLocation[]): PageParts | undefined {
    return this.indexPage.parts(pathname, remotes);
  }

  /** index.html as the browser renders it, from its parts (made once per request): the first answers as preload hints, the shopper's credential. */
  browserPage(parts: PageParts, credential: string): string {
    return IndexPage.forTheBrowser(parts, credentialElement(credential));
  }

  /** A new page credential for a page served with `remotes` (each build the storefront server serves itself) to the client at `address`. */
  credentialFor(remotes: RemoteLocation[], address: string): string {
    return this.sessions.issue(
      remotes.flatMap((remote) => (remote.build ? [{ remote: remote.name, build: remote.build.id }] : [])),
      clientKeyOf(address),
    );
  }

  /**
   * The files a build's manifest lists (mf-manifest.json: every exposed module's and shared module's
   * scripts and styles, and remoteEntry.js): the ones whose requests count for the build's canary. Read
   * once per build (a build's files never change under its id); a build without a manifest lists its entry only.
   */
  listedFilesOf(dir: string): ReadonlySet<string> {
    let listed = this.listedFiles.get(dir);
    if (!listed) {
      listed = manifestFiles(dir);
      this.listedFiles.set(dir, listed);
    }
    return listed;
  }

  /** Do the remotes' builds depend on the shopper's cohort now (a canary runs)? */
  get canaryRunning(): boolean {
    return this.builds.canaryRunning();
  }

  /** The file server of a build of a remote and the files its manifest lists, if the storefront server serves that build. */
  buildFilesOf(name: string, id: string): { serve: Handler; listed: ReadonlySet<string> } | undefined {
    const dir = this.builds.folderOf(name, id);
    if (!dir) return undefined;
    let files = this.buildFiles.get(dir);
    if (!files) {
      files = precompressedFiles(dir, buildCacheHeaders);
      this.buildFiles.set(dir, files);
    }
    return { serve: files, listed: this.listedFilesOf(dir) };
  }
}
