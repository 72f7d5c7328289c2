/**
 * Server rendering of the browser routes (docs/ssr.md). The storefront server owns what only it knows:
 * which builds a shopper's page uses (RemoteBuilds, the canary cohort), the index page, how to read the
 * catalog (ApiReader, CatalogReads), the shop's public address, and a brief cache of rendered pages. The
 * rendering itself is the shell's: its server build (apps/shell/dist/server/render.cjs), loaded here at
 * run time as the browser loads the shell, renders the frame and loads each remote's server build.
 *
 * Anonymous by construction: the shop's session lives in the browser's storage, never in a cookie, so a
 * server render never knows who asks and renders every shopper the same page (the browser shows the
 * shopper's name and cart once it hydrated). Only the cohort cookie (a canary) changes a page, by
 * changing its builds: the cache's key names the builds.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Response } from 'express';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  REMOTE_SERVER_ENTRY,
  REMOTE_SERVER_MANIFEST,
  SERVER_RENDERER_FILE,
  type ServerRenderedPage,
  type ServerRenderer,
  type ServerRendererModule,
  type ServerRenderRemote,
  type ServerRenderRequest,
} from '@shop/contracts';
import { PAGE_SESSION_META, readJson } from '@shop/mf-releases';
import { SERVICE_CONFIG, ShopMetrics } from '@shop/service-kit';
import type { StorefrontConfig } from '../config.js';
import { PageReports } from '../releases/page-reports.service.js';
import { ApiReader } from './api-reader.js';
import type { PageParts } from './index-page.js';
import { RemoteBuilds, type RemoteLocation } from './remote-builds.js';

/** How often, at most, the storefront server looks again for a shell server build it did not find. */
const RECHECK_MS = 1_000;
/** Bounds of the page cache: pages (query strings make the keys unbounded) and bytes. */
const MAX_PAGES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;

interface KeptPage {
  status: number;
  body: Buffer;
  /** After this (half its lifetime), a request it answers also renders its successor in the background. */
  refreshAfter: number;
  /** Where each shopper's own page credential goes: just after `<head>` (-1: a page without one). */
  credentialAt: number;
}

/** The element carrying a page's credential (libs/mf-releases' page-session.ts); its characters need no escaping. */
export const credentialElement = (credential: string) => `<meta name="${PAGE_SESSION_META}" content="${credential}">`;

const HEAD_START = Buffer.from('<head>');

/** Where the page's credential goes in a kept page: after its first `<head>` (the template's), or -1. */
function credentialOffset(body: Buffer): number {
  const at = body.indexOf(HEAD_START);
  return at === -1 ? -1 : at + HEAD_START.length;
}

/** A kept page as one shopper gets it: the same bytes for everyone, with that shopper's credential. */
function withCredential(page: KeptPage, credential: string): Buffer {
  if (page.credentialAt === -1) return page.body;
  return Buffer.concat([page.body.subarray(0, page.credentialAt), Buffer.from(credentialElement(credential)), page.body.subarray(page.credentialAt)]);
}

/** A page for a shopper: the path and query, the shopper's builds, credential and address, the request's id. */
export interface PageRequest {
  url: string;
  remotes: RemoteLocation[];
  credential: string;
  address: string;
  requestId: string;
}

/**
 * A page whose slot the server could not render (in time, or at all), or rendered without an answer the
 * API could not give (503), is not kept: the next shopper's render may manage.
 */
const keepable = (page: ServerRenderedPage) =>
  page.status < 500 && (page.slot?.renderedBy !== 'browser' || page.slot.reason === 'no server build' || page.slot.reason === 'not rendered on the server');

@Injectable()
export class ServerPages implements OnApplicationBootstrap {
  private readonly logger = new Logger('ServerRender');
  private readonly rendererFile: string;
  private readonly origin: string;
  private readonly budgetMs: number;
  private readonly cacheMs: number;
  private readonly enabled: boolean;
  private renderer?: ServerRenderer;
  private lookedAt = -Infinity;
  private readonly kept?: LRUCache<string, KeptPage>;
  private readonly rendering = new Map<string, Promise<KeptPage | undefined>>();

  constructor(
    @Inject(SERVICE_CONFIG) config: StorefrontConfig,
    private readonly reader: ApiReader,
    private readonly builds: RemoteBuilds,
    private readonly metrics: ShopMetrics,
    private readonly reports: PageReports,
  ) {
    this.enabled = config.SSR === 'on';
    this.rendererFile = resolve(config.SHELL_DIR, SERVER_RENDERER_FILE);
    this.origin = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin;
    this.budgetMs = config.SSR_SLOT_BUDGET_MS;
    this.cacheMs = config.SSR_CACHE_MS;
    if (config.SSR_CACHE_MS > 0) {
      this.kept = new LRUCache<string, KeptPage>({ max: MAX_PAGES, maxSize: MAX_BYTES, ttl: config.SSR_CACHE_MS, sizeCalculation: (page, key) => page.body.length + key.length });
    }
  }

  /**
   * At start, the shell's renderer is loaded and the current builds' server pages with it, in the
   * background: the first shopper's page is then rendered on the server like the next ones, instead of
   * going over the budget while the builds' containers are first evaluated.
   */
  onApplicationBootstrap(): void {
    const renderer = this.rendererNow();
    if (!renderer?.warm) return;
    const started = performance.now();
    void renderer.warm(this.builds.current().map(serverRemoteOf)).then(() => this.logger.log(`server pages of the current builds loaded in ${Math.round(performance.now() - started)} ms`));
  }

  /** The shop's public origin (PUBLIC_URL): of canonical addresses, and of the sitemap's. */
  get publicOrigin(): string {
    return this.origin;
  }

  /**
   * Sends the server-rendered page for `url` (path and query) with `remotes` (the shopper's builds) and the
   * shopper's page credential; false when there is no server rendering (SSR off, no server build of the
   * shell, or its frame failed), and the caller sends index.html for the browser to render. A kept page is
   * the same for everyone: only the credential differs, spliced in as it is sent.
   */
  async send({ url, remotes, credential, address, requestId }: PageRequest, parts: PageParts, res: Response): Promise<boolean> {
    const renderer = this.rendererNow();
    if (!renderer) return false;
    const serverRemotes = remotes.map(serverRemoteOf);
    const key = `${serverRemotes.map((remote) => `${remote.name}@${remote.build ?? '-'}`).join(' ')} ${url}`;
    const request: ServerRenderRequest = {
      url,
      origin: this.origin,
      template: parts.html,
      remotes: serverRemotes,
      firstCalls: parts.firstCalls,
      fetch: this.reader.fetchFor(requestId),
      budgetMs: this.budgetMs,
    };
    const kept = this.kept?.get(key);
    if (this.kept) this.metrics.cacheRead('pages', kept !== undefined);
    if (kept) {
      // Past half its lifetime it still serves, and its successor is rendered meanwhile: under load a
      // page never expires, and no shopper waits for a render of a page kept (as the API cache does).
      if (performance.now() >= kept.refreshAfter) this.refresh(renderer, key, request);
      return sendKept(res, kept, credential);
    }
    const underWay = this.rendering.get(key);
    if (underWay) {
      // Another shopper's render of the same page: its result, rather than a second render.
      const page = await underWay;
      if (page) return sendKept(res, page, credential);
    }
    let settle: (page: KeptPage | undefined) => void = () => undefined;
    if (this.kept) {
      const whole = new Promise<KeptPage | undefined>((resolve) => (settle = resolve));
      this.rendering.set(key, whole);
      void whole.then((page) => {
        if (this.rendering.get(key) === whole) this.rendering.delete(key);
        if (page) this.keep(key, page);
      });
    }
    let page: ServerRenderedPage;
    try {
      page = await renderer.render(request);
    } catch (error) {
      settle(undefined);
      this.logger.error(`rendering ${url} failed, index.html sent instead: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return false;
    }
    // What the storefront server saw of the slot's build itself, for its canary's judge (no browser can forge it).
    if (page.slot?.build) this.reports.serverRender(page.slot.remote, page.slot.build, page.slot.reason === 'load failed' || page.slot.reason === 'render failed', address);
    const status = parts.impossible ? 404 : page.status;
    res.status(status).type('html');
    const keep = this.kept !== undefined && keepable(page);
    if (!keep) settle(undefined);
    const writer = new KeepingWriter(res, credentialElement(credential), keep);
    await page.pipe(writer).catch((error: unknown) => {
      // Broken off mid-page: the shopper's answer ends broken, never whole-looking, and nothing is kept.
      this.logger.error(`writing ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
      res.destroy();
    });
    if (keep) settle(writer.whole ? keptPage(status, writer.chunks) : undefined);
    return true;
  }

  /** Renders a kept page again in the background (unless that is under way), for the shoppers after. */
  private refresh(renderer: ServerRenderer, key: string, request: ServerRenderRequest): void {
    if (this.rendering.has(key)) return;
    const whole = renderer
      .render(request)
      .then(async (page) => {
        if (!keepable(page)) return undefined;
        const writer = new KeepingWriter();
        await page.pipe(writer);
        return writer.whole ? keptPage(page.status, writer.chunks) : undefined;
      })
      .catch((error: unknown) => {
        this.logger.warn(`rendering ${request.url} again failed: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      });
    this.rendering.set(key, whole);
    void whole.then((page) => {
      if (this.rendering.get(key) === whole) this.rendering.delete(key);
      if (page) this.keep(key, page);
    });
  }

  private keep(key: string, page: KeptPage): void {
    page.refreshAfter = performance.now() + this.cacheMs / 2;
    this.kept?.set(key, page);
  }

  /** The shell's renderer, loaded on first use; looked for again now and then while there is none. */
  private rendererNow(): ServerRenderer | undefined {
    if (!this.enabled) return undefined;
    if (this.renderer) return this.renderer;
    const now = performance.now();
    if (now - this.lookedAt < RECHECK_MS) return undefined;
    this.lookedAt = now;
    if (!existsSync(this.rendererFile)) return undefined;
    try {
      const module = createRequire(import.meta.url)(this.rendererFile) as ServerRendererModule;
      this.renderer = module.createServerRenderer({ log: (message) => this.logger.warn(message) });
      this.logger.log(`rendering pages on the server with ${this.rendererFile}`);
    } catch (error) {
      this.logger.error(`the shell's server build ${this.rendererFile} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
    return this.renderer;
  }
}

/**
 * Whether a build has a server build, and which pages it exposes, by folder and id: a build's files never
 * change under its id (the id is the hash of its entries), so the disk is looked at once per build rather
 * than for every page.
 */
const serverEntries = new LRUCache<string, Pick<ServerRenderRemote, 'serverEntry' | 'serverPages'>>({ max: 256 });

/** A remote as the server render uses it: its build's server container, if that build has one, and its pages. */
function serverRemoteOf(remote: RemoteLocation): ServerRenderRemote {
  if (!remote.build) return { name: remote.name };
  const key = `${remote.build.dir} ${remote.build.id}`;
  let known = serverEntries.get(key);
  if (!known) {
    const serverEntry = resolve(remote.build.dir, REMOTE_SERVER_ENTRY);
    known = existsSync(serverEntry) ? { serverEntry, serverPages: exposedPages(resolve(remote.build.dir, REMOTE_SERVER_MANIFEST)) } : {};
    serverEntries.set(key, known);
  }
  return { name: remote.name, build: remote.build.id, ...known };
}

/** What the storefront server reads of a server build's Module Federation manifest. */
const serverManifest = z.object({ exposes: z.array(z.object({ name: z.string() })) });

/**
 * The pages a server build's Module Federation manifest says it exposes (`exposes[].name`), or undefined
 * when it has none that reads (a build made before the manifest): then every page of it is tried.
 */
const exposedPages = (manifestFile: string): string[] | undefined =>
  readJson(manifestFile, serverManifest, undefined)?.exposes.map((expose) => expose.name);

function keptPage(status: number, chunks: Buffer[]): KeptPage {
  const body = Buffer.concat(chunks);
  return { status, body, refreshAfter: 0, credentialAt: credentialOffset(body) };
}

function sendKept(res: Response, page: KeptPage, credential: string): true {
  res.status(page.status).type('html').send(withCredential(page, credential));
  return true;
}

/**
 * What the render is piped into: each chunk goes on to the response (waiting while it is full), the
 * shopper's credential after the page's `<head>`, and, when the page is to be kept, each chunk as it was
 * into the copy (which every shopper shares). A shopper who leaves mid-page does not stop the render: the
 * rest is kept for the next one, and the copy is whole.
 */
class KeepingWriter extends Writable {
  readonly chunks: Buffer[] = [];
  whole = false;

  /**
   * `res`: the shopper's response, if one waits for the page (none for a render in the background), and
   * `credentialHtml`, their credential's element; `keep`: whether to copy the page.
   */
  constructor(
    private readonly res?: Response,
    private credentialHtml?: string,
    private readonly keep = true,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    if (this.keep) this.chunks.push(chunk);
    const res = this.res;
    if (!res || res.destroyed || res.write(this.withCredential(chunk))) return callback();
    const go = () => {
      res.off('drain', go);
      res.off('close', go);
      callback();
    };
    res.once('drain', go);
    res.once('close', go);
  }

  override _final(callback: () => void): void {
    this.whole = true;
    this.res?.end();
    callback();
  }

  /** The chunk with the shopper's credential after `<head>`, if it opens there (the first chunk, the template's start). */
  private withCredential(chunk: Buffer): Buffer {
    const html = this.credentialHtml;
    if (html === undefined) return chunk;
    const at = chunk.indexOf(HEAD_START);
    if (at === -1) return chunk;
    this.credentialHtml = undefined;
    const after = at + HEAD_START.length;
    return Buffer.concat([chunk.subarray(0, after), Buffer.from(html), chunk.subarray(after)]);
  }

  /** React asks for a flush after each part it completes; the compression middleware buffers until then. */
  flush(): void {
    (this.res as (Response & { flush?: () => void }) | undefined)?.flush?.();
  }
}
