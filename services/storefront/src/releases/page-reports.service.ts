import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Counter } from 'prom-client';
import { bucketOf, buildKey, emptyCounts, PageSessions, type BuildCounts, type ReleasesFolder } from '@shop/mf-releases';
import { clientKeyOf, SERVICE_CONFIG, ShopMetrics } from '@shop/service-kit';
import type { StorefrontConfig } from '../config.js';
import { RemoteBuilds } from '../front-end/remote-builds.js';
import type { PageReportsBody } from './page-report.dto.js';
import { RELEASES_FOLDER } from './releases-folder.provider.js';

/** Distinct sessions remembered per build: past this, more sessions are not counted (a bound on memory). */
const SESSIONS_PER_BUILD = 50_000;
/** Distinct things remembered per session and build (a view, an error's message, a vital): past this, no more count. */
const REPORTS_PER_SESSION = 32;
/**
 * New sessions, and server renders, one client (an IPv4 address, an IPv6 /64) may add to a build's counts
 * per minute: a household or an office has a few; one machine loading pages to sway a canary is held to this many.
 */
const NEW_PER_CLIENT_MINUTE = 10;
/** How often this process writes its counts beside MF_REMOTES_FILE for the other storefront servers and mf-release.mjs. */
const FLUSH_MS = 2_000;

type PageReport = PageReportsBody['reports'][number];

/** Why a report counted or not: the label of shop_page_reports_total. */
const REPORT_RESULTS = ['counted', 'no credential', 'invalid credential', 'build not in credential', 'build not served', 'over allowance', 'repeated'] as const;
type ReportResult = (typeof REPORT_RESULTS)[number];

interface BuildTally {
  counts: BuildCounts;
  /** Each verified session that reported on the build, with what it reported (each thing counts once). */
  sessions: Map<string, Set<string>>;
  lastAt: number;
}

/** What a report says, as a session's report of it counts once: its kind, and an error's message or a vital's name. */
function thingOf(report: PageReport): string {
  if (report.kind === 'vital') return `vital ${report.name}`;
  if (report.kind === 'view') return 'view';
  return `${report.kind} ${report.message.slice(0, 120)}`;
}

/**
 * What is known of the remotes' builds, counted per build in memory: what shoppers' verified pages report
 * (POST /api/page-reports) and what the storefront server saw itself, which no browser can forge (its server renders,
 * the requests for a build's files). A page's reports count only under the credential the storefront server served
 * that page with (libs/mf-releases' page-session.ts), sent from the client it was served to, for the builds
 * it names, each thing once per page view: a made-up session, a session of another build, a credential sent
 * from elsewhere or a beacon sent again counts nothing. Only builds
 * the storefront server serves now (current, canary, or retired within the retention) are counted, in bounded memory.
 * With MF_REMOTES_FILE, each process writes its counts to reports/<host>-<pid>.json beside it every 2 s
 * (when they changed); the storefront servers and mf-release.mjs add up every process's file.
 */
@Injectable()
export class PageReports implements OnModuleDestroy {
  private readonly logger = new Logger('PageReports');
  private readonly tallies = new Map<string, BuildTally>();
  private readonly retentionMs: number;
  /** Host and pid, and a random part: a restarted container often has the same of both, and must not overwrite its predecessor's counts. */
  private readonly instance = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  /** What each client added to each build's counts in the current minute (bounded: the oldest go first). */
  private readonly allowances = new LRUCache<string, { count: number }>({ max: 100_000, ttl: 60_000 });
  /** Each client's request for each file of a build, counted once (bounded: the oldest go first). */
  private readonly fileClients = new LRUCache<string, true>({ max: 200_000, ttl: 10 * 60_000 });
  private readonly results: Counter<'result'>;
  private changed = false;
  private readonly timer?: NodeJS.Timeout;

  constructor(
    @Inject(SERVICE_CONFIG) config: StorefrontConfig,
    private readonly builds: RemoteBuilds,
    @Inject(RELEASES_FOLDER) private readonly folder: ReleasesFolder | null,
    private readonly sessions: PageSessions,
    metrics: ShopMetrics,
  ) {
    this.retentionMs = config.MF_BUILD_RETENTION_MINUTES * 60_000;
    this.results = metrics.counter('shop_page_reports_total', "Reports of shoppers' pages, by whether they counted, and why not", ['result']);
    // Every result served from the start: a rate over a series that appears only at its first report misses it.
    for (const result of REPORT_RESULTS) this.results.inc({ result }, 0);
    if (folder) {
      this.timer = setInterval(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /**
   * Counts the reports of one beacon from `address` under its credential; answers how many counted.
   * Nothing counts without a credential this shop issued, and a report counts only for a build that
   * credential names and the storefront server serves, once per page view, within the client's allowance.
   */
  take(body: PageReportsBody, address: string): number {
    const session = this.sessions.verify(body.credential, clientKeyOf(address));
    if (!session) {
      this.results.inc({ result: body.credential === undefined ? 'no credential' : 'invalid credential' }, body.reports.length);
      return 0;
    }
    let counted = 0;
    for (const report of body.reports) {
      const key = buildKey(report.remote, report.build);
      const result = session.builds.has(key) ? this.count(key, session.id, report, address) : 'build not in credential';
      this.results.inc({ result });
      if (result === 'counted') counted++;
    }
    if (counted) this.changed = true;
    return counted;
  }

  /**
   * A server render, for a shopper at `address`, of a page whose slot is `remote`'s `build` (a render in
   * the background, for no one, is not counted); `failed` when the build's server code failed to load or
   * render. Within the client's allowance: one machine asking for page after page cannot dilute failures.
   */
  serverRender(remote: string, build: string, failed: boolean, address: string): void {
    const key = buildKey(remote, build);
    const tally = this.tallyOf(key);
    if (!tally || !this.allow(address, key, 'render')) return;
    tally.counts.renders++;
    if (failed) tally.counts.renderFailures++;
    this.touch(tally);
  }

  /**
   * A request from `address` for `file`, which `remote`'s `build` lists, served or not (`failed`): counted
   * once per client and file, so asking for a file again neither adds failures nor dilutes them (a
   * browser keeps a build's files for good).
   */
  fileRequest(remote: string, build: string, file: string, failed: boolean, address: string): void {
    const key = buildKey(remote, build);
    const tally = this.tallyOf(key);
    const seen = `${clientKeyOf(address)} ${key} ${file}`;
    if (!tally || this.fileClients.has(seen)) return;
    this.fileClients.set(seen, true);
    tally.counts.fileRequests++;
    if (failed) tally.counts.fileFailures++;
    this.touch(tally);
  }

  /** One report of a verified session on a build its credential names. */
  private count(key: string, sessionId: string, report: PageReport, address: string): ReportResult {
    const tally = this.tallyOf(key);
    if (!tally) return 'build not served';
    let seen = tally.sessions.get(sessionId);
    if (!seen) {
      if (tally.sessions.size >= SESSIONS_PER_BUILD || !this.allow(address, key, 'session')) return 'over allowance';
      seen = new Set();
      tally.sessions.set(sessionId, seen);
      tally.counts.sessions++;
    }
    const thing = thingOf(report);
    if (seen.has(thing) || seen.size >= REPORTS_PER_SESSION) return 'repeated';
    const erredBefore = [...seen].some((earlier) => earlier.startsWith('error ') || earlier.startsWith('load-failure '));
    seen.add(thing);
    if (report.kind === 'vital') tally.counts.vitals[report.name][bucketOf(report.name, report.value)]++;
    if (report.kind === 'error' || report.kind === 'load-failure') {
      if (report.kind === 'error') tally.counts.errors++;
      else tally.counts.loadFailures++;
      if (!erredBefore) tally.counts.errorSessions++;
    }
    this.touch(tally);
    return 'counted';
  }

  /** The tally of a build the storefront server serves (made at its first count), or undefined for any other. */
  private tallyOf(key: string): BuildTally | undefined {
    let tally = this.tallies.get(key);
    if (tally) return tally;
    const [remote = '', build = ''] = key.split('/');
    if (!this.builds.folderOf(remote, build)) return undefined;
    tally = { counts: emptyCounts(), sessions: new Map(), lastAt: Date.now() };
    this.tallies.set(key, tally);
    return tally;
  }

  private touch(tally: BuildTally): void {
    tally.lastAt = Date.now();
    this.changed = true;
  }

  /** Whether the client at `address` (IPv6 by its /64) may add one more `what` to a build's counts this minute. */
  private allow(address: string, key: string, what: 'session' | 'render'): boolean {
    const id = `${what} ${clientKeyOf(address)} ${key}`;
    const used = this.allowances.get(id) ?? { count: 0 };
    if (used.count >= NEW_PER_CLIENT_MINUTE) return false;
    used.count++;
    if (used.count === 1) this.allowances.set(id, used);
    return true;
  }

  /** This process's counts by build (`catalog/3f9a1c2b7d`). */
  counts(): Map<string, BuildCounts> {
    return new Map([...this.tallies].map(([key, tally]) => [key, tally.counts]));
  }

  /**
   * Writes this process's counts for the others (when they changed); forgets builds the storefront server no
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
