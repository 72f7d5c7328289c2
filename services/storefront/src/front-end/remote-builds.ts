import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { BUILD_ID, buildIdOf, buildStampOf, CANARY_FILE, canaryFile, emptyRecord, HISTORY_FILE, historyFile, inCanary, REMOTE_NAME, remotesFile, type CanaryFile, type HistoryFile } from '@shop/mf-releases';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { StorefrontConfig } from '../config.js';
import { FileCache } from './file-cache.js';

/** The path under which the storefront server serves the remotes' builds: /mf/{remote}/{build}/{file}. */
export const REMOTES_PATH = '/mf';

/** A build of a remote that the storefront server serves from a folder. */
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
  /** Set when the storefront server serves the build itself. */
  build?: RemoteBuild;
}

/** How often, at most, the storefront server looks at MF_REMOTES_FILE for a change. */
const RECHECK_MS = 1_000;

const isUrl = (location: string) => /^https?:\/\//.test(location);

const entryOf = (name: string, id: string) => `${REMOTES_PATH}/${name}/${id}/remoteEntry.js`;

/**
 * The build each micro-frontend runs, and the builds it ran before that are still within their
 * retention (MF_BUILD_RETENTION_MINUTES after they stopped being current).
 *
 * From MF_REMOTES (fixed) or MF_REMOTES_FILE (reread when it changes, checked at most once a
 * second when a page asks). A folder's build is served under a path naming its build id, so all
 * its files may be cached for good, and a page that loaded the previous build keeps finding that
 * build's chunks after a switch, for the retention window (skew protection). A build's retirement is
 * the earliest this storefront server knows of: history.json beside MF_REMOTES_FILE (what the release tool
 * recorded, the same for every replica and after a restart), or when this process saw the switch.
 *
 * A remote may also have a canary (canary.json beside MF_REMOTES_FILE, written by mf-release.mjs or an
 * admin on the Releases page): a published build served instead of the current one to the shoppers
 * whose cohort (libs/mf-releases' cohort.ts) is below its percent. A build rolled back is withdrawn at
 * once, not kept for the retention window: a page that loaded it moves to the current build at its
 * next load (the shell's remotes.ts).
 */
@Injectable()
export class RemoteBuilds {
  private readonly logger = new Logger('RemoteBuilds');
  private readonly file?: string;
  private locations: [name: string, location: string][];
  private fileStamp = '';
  private checkedAt = 0;
  /**
   * Build id of a folder, by the folder and its remoteEntry.js's size and time, which are looked at again
   * at most once a second (RECHECK_MS, as MF_REMOTES_FILE is): not for every page.
   */
  private readonly ids = new Map<string, { stamp: string; id: string; checkedAt: number }>();
  /** `{name}/{id}` → folder, for every build served so far. */
  private readonly known = new Map<string, string>();
  /** `{name}/{id}` → when this process saw it stop being current (ms since the epoch). */
  private readonly retiredHere = new Map<string, number>();
  private readonly retentionMs: number;
  private history: HistoryFile = emptyRecord();
  private canaries: CanaryFile = emptyRecord();
  /** history.json and canary.json beside MF_REMOTES_FILE, parsed again only when they change. */
  private readonly historyFile = new FileCache((text) => this.parsed(text, historyFile, HISTORY_FILE, 'retired builds are served as this process saw them'));
  private readonly canaryFile = new FileCache((text) => this.parsed(text, canaryFile, CANARY_FILE, 'no canaries are served'));

  constructor(@Inject(SERVICE_CONFIG) config: StorefrontConfig) {
    this.retentionMs = config.MF_BUILD_RETENTION_MINUTES * 60_000;
    this.file = config.MF_REMOTES_FILE ? resolve(config.MF_REMOTES_FILE) : undefined;
    this.locations = this.file ? [] : config.MF_REMOTES.map(([name, location]) => [name, isUrl(location) ? location : resolve(location)]);
    if (this.file) this.reread(true);
  }

  /**
   * Every remote with the address of the build a shopper of `cohort` gets: its canary when the cohort
   * is in the canary's share, else its current build; a folder without a build is left out.
   */
  current(cohort?: number): RemoteLocation[] {
    this.reread();
    const current = this.locations.flatMap(([name, location]): RemoteLocation[] => {
      if (isUrl(location)) return [{ name, entry: location }];
      const build = this.buildIn(location);
      if (!build) return [];
      return [{ name, entry: entryOf(name, build.id), build }];
    });
    this.noteCurrent(current);
    if (cohort === undefined || !this.file) return current;
    return current.map((remote) => {
      const canary = this.canaries[remote.name];
      if (!canary || !inCanary(cohort, canary.percent)) return remote;
      const dir = this.publishedFolder(remote.name, canary.build);
      return dir ? { name: remote.name, entry: entryOf(remote.name, canary.build), build: { id: canary.build, dir } } : remote;
    });
  }

  /** Is a canary of some remote running (so the page's builds depend on the shopper's cohort)? */
  canaryRunning(): boolean {
    this.reread();
    return this.file !== undefined && Object.keys(this.canaries).length > 0;
  }


  /**
   * The folder of a build served under /mf/{name}/{id}/: the current one, or one retired less than the
   * retention ago (served by this process before, or published beside MF_REMOTES_FILE and recorded in
   * its history). Anything else is not served: its page loads the current build instead (the shell).
   */
  folderOf(name: string, id: string): string | undefined {
    const key = `${name}/${id}`;
    const current = this.current().find((remote) => remote.name === name && remote.build?.id === id);
    if (current?.build) return current.build.dir;
    if (this.canaries[name]?.build === id) return this.publishedFolder(name, id);
    const retiredAt = this.retiredAt(key);
    if (retiredAt === undefined || Date.now() - retiredAt > this.retentionMs || this.history[name]?.[id]?.rolledBack) return undefined;
    return this.known.get(key) ?? this.publishedFolder(name, id);
  }

  /** The folder of a build published beside MF_REMOTES_FILE, if it is there. */
  private publishedFolder(name: string, id: string): string | undefined {
    const published = this.file && REMOTE_NAME.test(name) && BUILD_ID.test(id) ? join(dirname(this.file), name, id) : undefined;
    return published && existsSync(join(published, 'remoteEntry.js')) ? published : undefined;
  }

  /** Remembers each current build's folder, and when a build this process served stopped being current. */
  private noteCurrent(current: RemoteLocation[]): void {
    const now = new Set(current.flatMap((remote) => (remote.build ? [`${remote.name}/${remote.build.id}`] : [])));
    for (const remote of current) if (remote.build) this.known.set(`${remote.name}/${remote.build.id}`, remote.build.dir);
    for (const key of this.known.keys()) {
      if (now.has(key)) this.retiredHere.delete(key);
      else if (!this.retiredHere.has(key)) this.retiredHere.set(key, Date.now());
    }
  }

  /** When a build stopped being current, the earliest record of it; undefined for one never current. */
  private retiredAt(key: string): number | undefined {
    this.rereadHistory();
    const [name = '', id = ''] = key.split('/');
    const recorded = this.history[name]?.[id]?.retiredAt;
    const times = [recorded ? Date.parse(recorded) : undefined, this.retiredHere.get(key)].filter((time): time is number => time !== undefined);
    return times.length ? Math.min(...times) : undefined;
  }

  /** Reads history.json beside MF_REMOTES_FILE again if it changed; none or a broken one records nothing. */
  private rereadHistory(): void {
    if (this.file) this.history = this.historyFile.read(join(dirname(this.file), HISTORY_FILE)) ?? emptyRecord();
  }

  /** Reads canary.json beside MF_REMOTES_FILE again if it changed; none or a broken one: no canaries. */
  private rereadCanaries(): void {
    if (!this.file) return;
    const before = this.canaries;
    this.canaries = this.canaryFile.read(join(dirname(this.file), CANARY_FILE)) ?? emptyRecord();
    if (this.canaries === before) return;
    const served = Object.entries(this.canaries).map(([name, canary]) => `${name}=${canary.build}@${canary.percent}%`);
    this.logger.log(`canaries: ${served.join(' ') || 'none'}`);
  }

  /** A releases file checked by `schema`; a broken one is reported once (per change) and read as none. */
  private parsed<T extends object>(text: string, schema: z.ZodType<T>, name: string, otherwise: string): T {
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: as broken as a wrong shape.
    }
    this.logger.error(`cannot read ${name} beside ${this.file}: ${otherwise}`);
    return emptyRecord() as T;
  }

  private buildIn(dir: string): RemoteBuild | undefined {
    const now = Date.now();
    const cached = this.ids.get(dir);
    if (cached && now - cached.checkedAt < RECHECK_MS) return { id: cached.id, dir };
    const stamp = buildStampOf(dir);
    if (stamp === undefined) {
      this.ids.delete(dir);
      return undefined;
    }
    if (cached?.stamp === stamp) {
      cached.checkedAt = now;
      return { id: cached.id, dir };
    }
    const id = buildIdOf(dir);
    if (id === undefined) return undefined;
    this.ids.set(dir, { stamp, id, checkedAt: now });
    return { id, dir };
  }

  /** Reads MF_REMOTES_FILE again if it changed; a broken file leaves the remotes as they were. */
  private reread(force = false): void {
    if (!this.file || (!force && Date.now() - this.checkedAt < RECHECK_MS)) return;
    this.checkedAt = Date.now();
    this.rereadCanaries();
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
