import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import serveStatic from 'serve-static';
import { buildIdOf, buildStampOf, remotesFile } from '@shop/mf-releases';
import { SecurityHeaders, SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { pathOf } from '../proxy/proxy-routes.js';

/** The remotes' run-time list, as the shell asks for it (apps/shell/src/remote-manifest.ts). */
const REMOTES_JSON = '/mf/remotes.json';
/** /mf/{remote}/{build}/{file}, as the storefront server serves the builds. */
const BUILD_FILE = /^\/mf\/([a-z][a-z0-9-]{0,30})\/([0-9a-f]{10})(\/.*)$/;
/** A browser's route: no file extension, outside /api, /uploads and /mf. */
const BROWSER_ROUTE = /^\/(?!api(\/|$)|uploads(\/|$)|mf(\/|$))[^.]*$/;
/** A remote's build is looked at again after this (the release tool may switch it while the storefront server is down). */
const RECHECK_MS = 5_000;

interface FallbackRemote {
  name: string;
  /** Its remoteEntry.js: under /mf/ when the gateway serves the folder, else the remote's own URL. */
  entry: string;
  build?: { id: string; serve: ReturnType<typeof serveStatic> };
}

/**
 * What the gateway serves while the storefront server cannot be reached (issue 42; docs/gateway.md,
 * "While the storefront server is down"): the shop keeps working in the browser, client-rendered, as it
 * did before server rendering. For a browser's route, the shell's index.html as it was built (no server
 * render, no canary: every shopper gets the current builds); the shell's files from SHELL_DIR; the
 * remotes' list and their current builds' files from MF_REMOTES_FILE or MF_REMOTES, as the storefront
 * server names them (/mf/{name}/{build}/). Only GETs and HEADs: a plain form's post gets the gateway's
 * 503. Nothing here runs while the storefront server answers.
 */
@Injectable()
export class StorefrontFallback {
  private readonly logger = new Logger('StorefrontFallback');
  private readonly indexFile: string;
  private readonly shellFiles: ReturnType<typeof serveStatic>;
  private remotes: FallbackRemote[] = [];
  private lookedAt = -Infinity;
  private stamp = '';

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    private readonly security: SecurityHeaders,
  ) {
    const shellDir = resolve(config.SHELL_DIR);
    this.indexFile = resolve(shellDir, 'index.html');
    this.shellFiles = serveStatic(shellDir, { index: false, fallthrough: true, redirect: false, maxAge: 0 });
  }

  /** Answers `req` when it is a page or a file of the front end; false when it is not one (the caller answers 503). */
  async serve(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<boolean> {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !existsSync(this.indexFile)) return false;
    const path = pathOf(req.url ?? '/');
    if (path === REMOTES_JSON) {
      const json = JSON.stringify(Object.fromEntries(this.current().map((remote) => [remote.name, remote.entry])));
      res.writeHead(200, { ...this.security.answerHeaders(requestId), 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', 'content-length': Buffer.byteLength(json) });
      res.end(req.method === 'HEAD' ? undefined : json);
      return true;
    }
    const build = BUILD_FILE.exec(path);
    if (build) {
      const remote = this.current().find((candidate) => candidate.name === build[1] && candidate.build?.id === build[2]);
      if (!remote?.build) return false;
      return this.sendFile(remote.build.serve, req, res, requestId, build[3]);
    }
    if (BROWSER_ROUTE.test(path) && (req.headers.accept ?? '').includes('text/html')) {
      const html = readFileSync(this.indexFile);
      res.writeHead(200, { ...this.security.answerHeaders(requestId), 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-length': html.length });
      res.end(req.method === 'HEAD' ? undefined : html);
      return true;
    }
    return this.sendFile(this.shellFiles, req, res, requestId, path);
  }

  /** Serves `path` of a folder (serve-static: ranges, ETags, content types); false when it holds no such file. */
  private sendFile(serve: ReturnType<typeof serveStatic>, req: IncomingMessage, res: ServerResponse, requestId: string, path: string): Promise<boolean> {
    const headers = this.security.answerHeaders(requestId);
    for (const name in headers) res.setHeader(name, headers[name] as string);
    const url = req.url;
    req.url = path;
    return new Promise((found) => {
      res.once('finish', () => found(true));
      serve(req as never, res as never, () => {
        req.url = url;
        found(false);
      });
    });
  }

  /** The remotes' current builds, looked at again at most every RECHECK_MS. */
  private current(): FallbackRemote[] {
    if (performance.now() - this.lookedAt < RECHECK_MS) return this.remotes;
    this.lookedAt = performance.now();
    const locations = this.locations();
    const stamp = locations.map(([name, location]) => `${name}=${location}@${buildStampOf(location) ?? '-'}`).join(' ');
    if (stamp === this.stamp) return this.remotes;
    this.stamp = stamp;
    this.remotes = locations.map(([name, location]) => {
      if (/^https?:\/\//.test(location)) return { name, entry: location };
      const id = buildIdOf(location);
      if (!id) return { name, entry: `/mf/${name}/-/remoteEntry.js` };
      return { name, entry: `/mf/${name}/${id}/remoteEntry.js`, build: { id, serve: serveStatic(location, { index: false, fallthrough: true, redirect: false, immutable: true, maxAge: '365d' }) } };
    });
    return this.remotes;
  }

  /** Each remote's folder (absolute) or URL: MF_REMOTES_FILE's current builds when it is set, else MF_REMOTES. */
  private locations(): [name: string, location: string][] {
    const file = this.config.MF_REMOTES_FILE;
    if (!file) return this.config.MF_REMOTES.map(([name, location]) => [name, /^https?:\/\//.test(location) ? location : resolve(location)]);
    try {
      const named = remotesFile.parse(JSON.parse(readFileSync(file, 'utf8')));
      return Object.entries(named).map(([name, location]) => [name, /^https?:\/\//.test(location) ? location : resolve(dirname(file), location)]);
    } catch (error) {
      this.logger.warn(`${file} cannot be read for the fallback page: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  }
}
