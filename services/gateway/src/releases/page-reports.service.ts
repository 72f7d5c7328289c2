import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { bucketOf, buildKey, emptyCounts, type BuildCounts, type ReleasesFolder } from '@shop/mf-releases';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { RemoteBuilds } from '../front-end/remote-builds.js';
import type { PageReportsBody } from './page-report.dto.js';
import { RELEASES_FOLDER } from './releases-folder.provider.js';

/** Distinct sessions remembered per build: past this, more sessions are not counted (a bound on memory). */
const SESSIONS_PER_BUILD = 50_000;
/**
 * New sessions one client address may add to a build's counts per minute: a household or an office
 * sends a few; one machine inventing sessions to sway a canary's error rate is held to this many.
 */
const NEW_SESSIONS_PER_ADDRESS_MINUTE = 10;
/** How often this process writes its counts beside MF_REMOTES_FILE for the other gateways and mf-release.mjs. */
const FLUSH_MS = 2_000;

interface BuildTally {
  counts: BuildCounts;
  sessions: Set<string>;
  errorSessions: Set<string>;
  lastAt: number;
}

/**
 * What shoppers' browsers report of the remotes' builds (POST /api/page-reports), counted per build in
 * memory: only builds the gateway serves now (current, canary, or retired within the retention) are
 * counted, each with bounded sets of sessions, so reports cannot grow memory or a file without bound.
 * With MF_REMOTES_FILE, each process writes its counts to reports/<host>-<pid>.json beside it every
 * 2 s (when they changed); the gateways and mf-release.mjs add up every process's file.
 */
@Injectable()
export class PageReports implements OnModuleDestroy {
  private readonly logger = new Logger('PageReports');
  private readonly tallies = new Map<string, BuildTally>();
  private readonly retentionMs: number;
  /** Host and pid, and a random part: a restarted container often has the same of both, and must not overwrite its predecessor's counts. */
  private readonly instance = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  /** New sessions counted per client address and build in the current minute (bounded: the oldest go first). */
  private readonly newSessions = new LRUCache<string, { count: number }>({ max: 100_000, ttl: 60_000 });
  private changed = false;
  private readonly timer?: NodeJS.Timeout;

  constructor(
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    private readonly builds: RemoteBuilds,
    @Inject(RELEASES_FOLDER) private readonly folder: ReleasesFolder | null,
  ) {
    this.retentionMs = config.MF_BUILD_RETENTION_MINUTES * 60_000;
    if (folder) {
      this.timer = setInterval(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /**
   * Counts the reports of one beacon from `address`; those of builds the gateway does not serve, and
   * those of a session new to a build beyond the address's allowance, are left out. Answers how many counted.
   */
  take(body: PageReportsBody, address: string): number {
    let counted = 0;
    const now = Date.now();
    for (const report of body.reports) {
      const key = buildKey(report.remote, report.build);
      let tally = this.tallies.get(key);
      if (!tally) {
        if (!this.builds.folderOf(report.remote, report.build)) continue;
        tally = { counts: emptyCounts(), sessions: new Set(), errorSessions: new Set(), lastAt: now };
        this.tallies.set(key, tally);
      }
      if (!tally.sessions.has(body.session)) {
        if (tally.sessions.size >= SESSIONS_PER_BUILD || !this.allowNewSession(address, key)) continue;
        tally.sessions.add(body.session);
        tally.counts.sessions++;
      }
      tally.lastAt = now;
      counted++;
      if (report.kind === 'vital') tally.counts.vitals[report.name][bucketOf(report.name, report.value)]++;
      if (report.kind !== 'error' && report.kind !== 'load-failure') continue;
      if (report.kind === 'error') tally.counts.errors++;
      else tally.counts.loadFailures++;
      if (!tally.errorSessions.has(body.session) && tally.errorSessions.size < SESSIONS_PER_BUILD) {
        tally.errorSessions.add(body.session);
        tally.counts.errorSessions++;
      }
    }
    if (counted) this.changed = true;
    return counted;
  }

  private allowNewSession(address: string, build: string): boolean {
    const key = `${address} ${build}`;
    const used = this.newSessions.get(key) ?? { count: 0 };
    if (used.count >= NEW_SESSIONS_PER_ADDRESS_MINUTE) return false;
    used.count++;
    if (used.count === 1) this.newSessions.set(key, used);
    return true;
  }

  /** This process's counts by build (`catalog/3f9a1c2b7d`). */
  counts(): Map<string, BuildCounts> {
    return new Map([...this.tallies].map(([key, tally]) => [key, tally.counts]));
  }

  /**
   * Writes this process's counts for the others (when they changed); forgets builds the gateway no
   * longer serves (withdrawn, or retired past the retention: a build tried again as a canary after a
   * rollback starts from nothing) and builds no one reported on for the retention window. Never throws:
   * a folder that cannot be written costs the shared counts only.
   */
  flush(): void {
    const now = Date.now();
    for (const [key, tally] of this.tallies) {
      const [remote = '', build = ''] = key.split('/');
      if (now - tally.lastAt > this.retentionMs || !this.builds.folderOf(remote, build)) {
        this.tallies.delete(key);
        this.changed = true;
      }
    }
    if (!this.folder || !this.changed) return;
    try {
      this.folder.writeReports(this.instance, Object.fromEntries(this.counts()), this.retentionMs);
      this.changed = false;
    } catch (error) {
      this.logger.error(`cannot write the page reports to ${this.folder.dir}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.flush();
  }
}
