import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import express, { type Handler } from 'express';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';

/** The path under which the gateway serves a remote's folder. */
export const REMOTES_PATH = '/mf';

/** Files whose name never changes between builds: the browser must ask again each time. */
const ENTRY_FILES = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/;

/** Long caching for content-hashed assets, none for the entry files that point at them. */
function setCacheHeaders(res: express.Response, path: string): void {
  res.setHeader('Cache-Control', ENTRY_FILES.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable');
}

const staticFiles = (dir: string): Handler =>
  express.static(dir, { index: false, fallthrough: true, dotfiles: 'ignore', setHeaders: setCacheHeaders });

interface Remote {
  name: string;
  /** What /mf/remotes.json tells the shell for this remote. */
  manifestUrl: string;
  /** The folder served at /mf/{name}/, when the remote is served by the gateway. */
  files?: Handler;
}

/**
 * The storefront as the browser gets it: the shell's files, the run-time list
 * of where each micro-frontend lives, and the remotes' own files. Pointing
 * MF_REMOTES at another build (or another server) changes the site without
 * rebuilding the shell.
 */
@Injectable()
export class FrontEnd {
  readonly shellDir: string;
  readonly shellBuilt: boolean;
  readonly shellFiles: Handler;
  private readonly remotes: Remote[];

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.shellDir = resolve(config.SHELL_DIR);
    this.shellBuilt = existsSync(resolve(this.shellDir, 'index.html'));
    this.shellFiles = staticFiles(this.shellDir);
    this.remotes = config.MF_REMOTES.map(([name, location]) =>
      /^https?:\/\//.test(location)
        ? { name, manifestUrl: location }
        : { name, manifestUrl: `${REMOTES_PATH}/${name}/mf-manifest.json`, files: staticFiles(resolve(location)) },
    );
  }

  /** `{ name: manifest URL }` for every remote, as the shell reads it at start-up. */
  remoteManifests(): Record<string, string> {
    return Object.fromEntries(this.remotes.map((remote) => [remote.name, remote.manifestUrl]));
  }

  /** The file server of a remote the gateway serves, if it is one. */
  remoteFiles(name: string): Handler | undefined {
    return this.remotes.find((remote) => remote.name === name)?.files;
  }
}
