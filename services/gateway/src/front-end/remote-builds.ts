import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';

/** The path under which the gateway serves the remotes' builds: /mf/{remote}/{build}/{file}. */
export const REMOTES_PATH = '/mf';

/** A build of a remote that the gateway serves from a folder. */
export interface RemoteBuild {
  /** The first 10 hex digits of the SHA-256 of its remoteEntry.js: a new build gets a new one. */
  id: string;
  dir: string;
}

/** Where the page finds one remote now. */
export interface RemoteLocation {
  name: string;
  /** The address of its remoteEntry.js: /mf/{name}/{build}/remoteEntry.js, or a URL elsewhere. */
  entry: string;
  /** Set when the gateway serves the build itself. */
  build?: RemoteBuild;
}

const REMOTE_NAME = /^[a-z][a-z0-9-]{0,30}$/;
const remotesFile = z.record(z.string().regex(REMOTE_NAME, 'remote names are lowercase words'), z.string().min(1));

/** How often, at most, the gateway looks at MF_REMOTES_FILE for a change. */
const RECHECK_MS = 1_000;

const isUrl = (location: string) => /^https?:\/\//.test(location);

/**
 * The build each micro-frontend runs, and every build the gateway has served since it started.
 *
 * From MF_REMOTES (fixed) or MF_REMOTES_FILE (reread when it changes, checked at most once a
 * second when a page asks). A folder's build is served under a path naming its build id, so all
 * its files may be cached for good, and a page that loaded the previous build keeps finding that
 * build's chunks after a switch.
 */
@Injectable()
export class RemoteBuilds {
  private readonly logger = new Logger('RemoteBuilds');
  private readonly file?: string;
  private locations: [name: string, location: string][];
  private fileStamp = '';
  private checkedAt = 0;
  /** Build id of a folder, by the folder and its remoteEntry.js's size and time. */
  private readonly ids = new Map<string, { stamp: string; id: string }>();
  /** `{name}/{id}` → folder, for every build served so far. */
  private readonly known = new Map<string, string>();

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.file = config.MF_REMOTES_FILE ? resolve(config.MF_REMOTES_FILE) : undefined;
    this.locations = this.file ? [] : config.MF_REMOTES.map(([name, location]) => [name, isUrl(location) ? location : resolve(location)]);
    if (this.file) this.reread(true);
  }

  /** Every remote with the address of its current build; a folder without a build is left out. */
  current(): RemoteLocation[] {
    this.reread();
    return this.locations.flatMap(([name, location]) => {
      if (isUrl(location)) return [{ name, entry: location }];
      const build = this.buildIn(location);
      if (!build) return [];
      this.known.set(`${name}/${build.id}`, build.dir);
      return [{ name, entry: `${REMOTES_PATH}/${name}/${build.id}/remoteEntry.js`, build }];
    });
  }

  /** The folder of a build served under /mf/{name}/{id}/, now or earlier in this process. */
  folderOf(name: string, id: string): string | undefined {
    if (!this.known.has(`${name}/${id}`)) this.current();
    return this.known.get(`${name}/${id}`);
  }

  private buildIn(dir: string): RemoteBuild | undefined {
    const entry = resolve(dir, 'remoteEntry.js');
    let stamp: string;
    try {
      const stat = statSync(entry);
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return undefined;
    }
    const cached = this.ids.get(dir);
    if (cached?.stamp === stamp) return { id: cached.id, dir };
    const id = createHash('sha256').update(readFileSync(entry)).digest('hex').slice(0, 10);
    this.ids.set(dir, { stamp, id });
    return { id, dir };
  }

  /** Reads MF_REMOTES_FILE again if it changed; a broken file leaves the remotes as they were. */
  private reread(force = false): void {
    if (!this.file || (!force && Date.now() - this.checkedAt < RECHECK_MS)) return;
    this.checkedAt = Date.now();
    const file = this.file;
    try {
      const stat = statSync(file);
      const stamp = `${stat.size}:${stat.mtimeMs}`;
      if (stamp === this.fileStamp) return;
      const parsed = remotesFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      this.fileStamp = stamp;
      this.locations = Object.entries(parsed.data).map(([name, location]) => [name, isUrl(location) ? location : resolve(dirname(file), location)]);
      this.logger.log(`remotes from ${file}: ${this.locations.map(([name, location]) => `${name}=${location}`).join(' ')}`);
    } catch (error) {
      this.logger.error(`cannot read MF_REMOTES_FILE ${file}, keeping the remotes as they were: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
