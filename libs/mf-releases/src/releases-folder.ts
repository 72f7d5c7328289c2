import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { addCounts, buildKey, emptyCounts, summaryOf, type BuildCounts, type BuildSummary } from './build-stats.js';
import type { CanaryRule } from './canary-rule.js';
import {
  appendAction,
  BUILD_ID,
  buildIdOf,
  CANARY_FILE,
  canaryFile,
  emptyRecord,
  HISTORY_FILE,
  historyFile,
  readActions,
  readJson,
  REMOTE_NAME,
  REMOTES_FILE,
  remotesFile,
  REPORTS_FOLDER,
  withReleaseLock,
  writeJson,
  type CanaryEntry,
  type CanaryFile,
  type HistoryFile,
  type ReleaseAction,
  type RemotesFile,
} from './release-files.js';

/** A release step that cannot be taken as asked: `kind` says which answer fits (404, 409, 400). */
export class ReleaseError extends Error {
  constructor(
    readonly kind: 'not-found' | 'conflict' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/** What one gateway process wrote of its counts (reports/<instance>.json). */
const reportsFile = z.object({
  instance: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
  builds: z.record(
    z.string(),
    z.object({
      sessions: z.number().nonnegative(),
      errorSessions: z.number().nonnegative(),
      errors: z.number().nonnegative(),
      loadFailures: z.number().nonnegative(),
      // What the gateway saw itself (a gateway from before these were counted wrote none).
      renders: z.number().nonnegative().default(0),
      renderFailures: z.number().nonnegative().default(0),
      fileRequests: z.number().nonnegative().default(0),
      fileFailures: z.number().nonnegative().default(0),
      vitals: z.object({ LCP: z.array(z.number().nonnegative()), INP: z.array(z.number().nonnegative()), CLS: z.array(z.number().nonnegative()) }),
    }),
  ),
});
export type ReportsFile = z.infer<typeof reportsFile>;

export type BuildStatus = BuildSummary & { build: string };

/** Each remote's builds as an operator sees them (`mf-release.mjs status`, GET /api/releases). */
export interface ReleasesStatus {
  managed: boolean;
  rule: CanaryRule;
  remotes: {
    name: string;
    current: BuildStatus | null;
    canary: (BuildStatus & { percent: number; startedAt: string; by: string }) | null;
    retained: (BuildStatus & { retiredAt: string; servedUntil: string; rolledBack: boolean })[];
  }[];
  actions: ReleaseAction[];
}

type Retirement = HistoryFile[string][string];

/** Records a retirement as the remote's latest: its key goes last, so the file's order is the order of retirement. */
function retireIn(history: HistoryFile, remote: string, build: string, retirement: Retirement): void {
  const builds = (history[remote] ??= emptyRecord());
  delete builds[build];
  builds[build] = retirement;
}

/** A remote's retired builds, the last retired first (by time; within one millisecond, by the file's order). */
function retiredNewestFirst(builds: HistoryFile[string] | undefined): [string, Retirement][] {
  return Object.entries(builds ?? {})
    .map((entry, order) => ({ entry, order, time: Date.parse(entry[1].retiredAt) }))
    .sort((a, b) => b.time - a.time || b.order - a.order)
    .map(({ entry }) => entry);
}

/** The key of the page credentials, at the folder's top (no remote's name: never served). */
const PAGE_SESSION_KEY_FILE = 'page-sessions.key';

/** How many actions the status lists. */
const STATUS_ACTIONS = 50;

/**
 * A releases folder: each remote's published builds (<remote>/<build id>/), the current ones
 * (remotes.json), the canaries (canary.json), when builds retired (history.json), what was done by whom
 * (actions.jsonl) and what the gateways counted (reports/). Every change takes the folder's lock.
 */
export class ReleasesFolder {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  get remotesFile(): string {
    return join(this.dir, REMOTES_FILE);
  }

  currentLocations(): RemotesFile {
    return readJson(join(this.dir, REMOTES_FILE), remotesFile, emptyRecord());
  }

  canaries(): CanaryFile {
    return readJson(join(this.dir, CANARY_FILE), canaryFile, emptyRecord());
  }

  history(): HistoryFile {
    return readJson(join(this.dir, HISTORY_FILE), historyFile, emptyRecord());
  }

  /**
   * The key every gateway over this folder signs and checks page credentials with (page-session.ts), so a
   * page served by one gateway reports to any other: made by the first gateway that needs it (written
   * whole beside, then linked in, so no gateway reads half a key and two gateways at once keep one), only
   * for the folder's owner to read. It is no secret of the shoppers': whoever can read it can only make up
   * page reports, as whoever can write the folder can release anything.
   */
  pageSessionKey(): Buffer {
    const file = join(this.dir, PAGE_SESSION_KEY_FILE);
    const read = () => {
      try {
        const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
        return key.length >= 32 ? key : undefined;
      } catch {
        return undefined;
      }
    };
    const known = read();
    if (known) return known;
    mkdirSync(this.dir, { recursive: true });
    const next = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(next, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      linkSync(next, file);
    } catch (error) {
      // Another gateway made it first: its key is everyone's.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(next, { force: true });
    }
    const made = read();
    if (!made) throw new Error(`${file} holds no page session key (64 hex digits); remove it to have one made`);
    return made;
  }

  /** Is `remote` one of the shop's remotes: one with a current build or a canary (an own name of the files, never an inherited one)? */
  knows(remote: string): boolean {
    return REMOTE_NAME.test(remote) && (Object.hasOwn(this.currentLocations(), remote) || Object.hasOwn(this.canaries(), remote));
  }

  /** The id of the build a remote runs now: from `<remote>/<id>`, else from its folder's remoteEntry.js; undefined for a URL. */
  currentBuildOf(remote: string, locations: RemotesFile = this.currentLocations()): string | undefined {
    const location = locations[remote];
    if (!location || /^https?:\/\//.test(location)) return undefined;
    const id = location.startsWith(`${remote}/`) ? location.slice(remote.length + 1) : '';
    return BUILD_ID.test(id) ? id : buildIdOf(resolve(this.dir, location));
  }

  isPublished(remote: string, build: string): boolean {
    return REMOTE_NAME.test(remote) && BUILD_ID.test(build) && existsSync(join(this.dir, remote, build, 'remoteEntry.js'));
  }

  /** Copies a build folder in under its id (beside, then renamed: never half visible); the id. */
  async publish(remote: string, folder: string, who: string): Promise<string> {
    if (!REMOTE_NAME.test(remote)) throw new ReleaseError('invalid', `${remote} is no remote name`);
    const source = resolve(folder);
    const id = existsSync(join(source, 'mf-manifest.json')) ? buildIdOf(source) : undefined;
    if (!id) throw new ReleaseError('invalid', `${folder} is no remote build (no remoteEntry.js and mf-manifest.json)`);
    const target = join(this.dir, remote, id);
    if (existsSync(target)) return id;
    await withReleaseLock(this.dir, () => {
      if (existsSync(target)) return;
      mkdirSync(join(this.dir, remote), { recursive: true });
      const partial = `${target}.${process.pid}.partial`;
      // The remote's standalone page is no part of what the shell loads.
      cpSync(source, partial, { recursive: true, filter: (path) => relative(source, path) !== 'standalone' });
      renameSync(partial, target);
      this.log(who, 'publish', remote, id, `from ${source}`);
    });
    return id;
  }

  /** Makes a published build the remote's current one for every shopper; a canary of the remote ends. */
  async use(remote: string, build: string, who: string, action: 'use' | 'promote' | 'rollback' = 'use', detail = ''): Promise<string | undefined> {
    if (!this.isPublished(remote, build)) throw new ReleaseError('not-found', `${remote} has no published build ${build}`);
    return withReleaseLock(this.dir, () => this.switchTo(remote, build, who, action, detail));
  }

  /** Serves a published build to `percent` % of the shoppers (sticky per browser); a canary already running is replaced. */
  async startCanary(remote: string, build: string, percent: number, who: string): Promise<void> {
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw new ReleaseError('invalid', 'a canary is 1 to 99 % of the shoppers (100: use it)');
    if (!this.isPublished(remote, build)) throw new ReleaseError('not-found', `${remote} has no published build ${build}`);
    await withReleaseLock(this.dir, () => {
      if (this.currentBuildOf(remote) === build) throw new ReleaseError('conflict', `${remote} ${build} is the current build already`);
      const canaries = this.canaries();
      const previous = canaries[remote];
      if (previous && previous.build !== build) this.retire(remote, previous.build, false);
      const startedAt = previous?.build === build ? previous.startedAt : new Date().toISOString();
      writeJson(join(this.dir, CANARY_FILE), { ...canaries, [remote]: { build, percent, startedAt, by: who } satisfies CanaryEntry });
      this.log(who, 'canary', remote, build, `${percent} % of shoppers${previous && previous.build !== build ? `, replacing canary ${previous.build}` : ''}`);
    });
  }

  /**
   * Serves the remote's canary to more shoppers: `percent` of them, or all (then it is the current build).
   * `build`: the canary the caller means; refused (conflict) when the remote's canary is another by now.
   */
  async promote(remote: string, who: string, percent = 100, build?: string): Promise<void> {
    await withReleaseLock(this.dir, () => {
      const canary = this.canaries()[remote];
      if (!canary) throw new ReleaseError('not-found', `${remote} has no canary to promote`);
      if (build && canary.build !== build) throw new ReleaseError('conflict', `${remote}'s canary is ${canary.build} now, not ${build}`);
      if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new ReleaseError('invalid', 'percent is 1 to 100');
      if (percent === 100) return void this.switchTo(remote, canary.build, who, 'promote', `from ${canary.percent} % to every shopper`);
      const canaries = this.canaries();
      writeJson(join(this.dir, CANARY_FILE), { ...canaries, [remote]: { ...canary, percent } });
      this.log(who, 'promote', remote, canary.build, `from ${canary.percent} % to ${percent} % of shoppers`);
    });
  }

  /**
   * Ends the remote's canary (its build is withdrawn at once: pages that loaded it move to the current
   * build at their next load); without a canary, makes the build retired last the current one again.
   * Answers the build rolled back, or throws when there is nothing to roll back. `onlyBuild`: the build
   * the caller means to withdraw (the canary, or without one the current build); when the remote has
   * moved on meanwhile (another admin, the automatic rollback), nothing changes and it throws a conflict.
   */
  async rollback(remote: string, who: string, reason = '', automatic = false, onlyBuild?: string): Promise<string> {
    return withReleaseLock(this.dir, () => {
      const canaries = this.canaries();
      const canary = canaries[remote];
      if (canary) {
        // An automatic rollback decided on a canary that an operator has replaced meanwhile is no longer due.
        if (onlyBuild && canary.build !== onlyBuild) throw new ReleaseError('conflict', `${remote}'s canary is ${canary.build} now, not ${onlyBuild}`);
        const { [remote]: _ended, ...rest } = canaries;
        writeJson(join(this.dir, CANARY_FILE), rest);
        this.retire(remote, canary.build, true);
        this.log(who, automatic ? 'auto-rollback' : 'rollback', remote, canary.build, reason || `canary at ${canary.percent} % withdrawn`);
        return canary.build;
      }
      const current = this.currentBuildOf(remote);
      if (onlyBuild && current !== onlyBuild) throw new ReleaseError('conflict', `${remote} runs ${current ?? 'no build'} now, not ${onlyBuild}`);
      const previous = retiredNewestFirst(this.history()[remote]).filter(([id, entry]) => !entry.rolledBack && id !== current && this.isPublished(remote, id))[0];
      if (!previous) throw new ReleaseError('not-found', `${remote} has no earlier build to roll back to`);
      this.switchTo(remote, previous[0], who, 'rollback', reason || `back to ${previous[0]}${current ? `, withdrawing ${current}` : ''}`);
      if (current) this.retire(remote, current, true);
      return current ?? previous[0];
    });
  }

  /** Removes the builds retired longer ago than `retentionMs` (no page can still be using them). */
  async prune(retentionMs: number, who: string): Promise<{ remote: string; build: string; retiredAt: string }[]> {
    return withReleaseLock(this.dir, () => {
      const locations = this.currentLocations();
      const canaries = this.canaries();
      const history = this.history();
      const removed: { remote: string; build: string; retiredAt: string }[] = [];
      for (const remote of this.publishedRemotes()) {
        for (const build of this.publishedBuilds(remote)) {
          const retiredAt = history[remote]?.[build]?.retiredAt;
          const inUse = this.currentBuildOf(remote, locations) === build || canaries[remote]?.build === build;
          if (inUse || !retiredAt || !(Date.now() - Date.parse(retiredAt) > retentionMs)) continue;
          rmSync(join(this.dir, remote, build), { recursive: true, force: true });
          delete history[remote]?.[build];
          removed.push({ remote, build, retiredAt });
          this.log(who, 'prune', remote, build, `retired ${retiredAt}`);
        }
      }
      writeJson(join(this.dir, HISTORY_FILE), history);
      return removed;
    });
  }

  /** Every published build of every remote, newest first, with whether it is current, canary or retired. */
  published(): { remote: string; build: string; time: Date; role: 'current' | 'canary' | 'retired' | 'published'; retiredAt?: string; rolledBack?: boolean }[] {
    const locations = this.currentLocations();
    const canaries = this.canaries();
    const history = this.history();
    return this.publishedRemotes().flatMap((remote) =>
      this.publishedBuilds(remote)
        .map((build) => {
          const retired = history[remote]?.[build];
          const role = this.currentBuildOf(remote, locations) === build ? 'current' : canaries[remote]?.build === build ? 'canary' : retired ? 'retired' : 'published';
          return { remote, build, time: statSync(join(this.dir, remote, build)).mtime, role, retiredAt: retired?.retiredAt, rolledBack: retired?.rolledBack } as const;
        })
        .sort((a, b) => b.time.getTime() - a.time.getTime()),
    );
  }

  /** The counts every gateway wrote (reports/*.json) summed by build; files older than `maxAgeMs` are left out. */
  reportedCounts(maxAgeMs: number): Map<string, BuildCounts> {
    const folder = join(this.dir, REPORTS_FOLDER);
    const sums = new Map<string, BuildCounts>();
    let files: string[];
    try {
      files = readdirSync(folder).filter((name) => name.endsWith('.json'));
    } catch {
      return sums;
    }
    for (const name of files) {
      const report = readJson<ReportsFile | undefined>(join(folder, name), reportsFile, undefined);
      if (!report || Date.now() - Date.parse(report.updatedAt) > maxAgeMs) continue;
      for (const [key, counts] of Object.entries(report.builds)) {
        const sum = sums.get(key) ?? emptyCounts();
        sums.set(key, addCounts(sum, counts));
      }
    }
    return sums;
  }

  /** Writes one gateway process's counts (its own file: no lock needed); removes files older than `maxAgeMs`. */
  writeReports(instance: string, builds: Record<string, BuildCounts>, maxAgeMs: number): void {
    const folder = join(this.dir, REPORTS_FOLDER);
    writeJson(join(folder, `${instance.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`), { instance, updatedAt: new Date().toISOString(), builds } satisfies ReportsFile);
    for (const name of readdirSync(folder)) {
      try {
        if (name.endsWith('.json') && Date.now() - statSync(join(folder, name)).mtimeMs > maxAgeMs) rmSync(join(folder, name), { force: true });
      } catch {
        // Removed by another gateway meanwhile.
      }
    }
  }

  /** Each remote's current, canary and retained builds with what shoppers reported of them. */
  status(options: { retentionMs: number; rule: CanaryRule; counts?: Map<string, BuildCounts> }): ReleasesStatus {
    const counts = options.counts ?? this.reportedCounts(options.retentionMs);
    const statusOf = (remote: string, build: string): BuildStatus => ({ build, ...summaryOf(counts.get(buildKey(remote, build)) ?? emptyCounts()) });
    const locations = this.currentLocations();
    const canaries = this.canaries();
    const history = this.history();
    const names = [...new Set([...Object.keys(locations), ...Object.keys(canaries)])].sort();
    return {
      managed: true,
      rule: options.rule,
      remotes: names.map((name) => {
        const current = this.currentBuildOf(name, locations);
        const canary = canaries[name];
        const retained = retiredNewestFirst(history[name])
          .filter(([build, entry]) => build !== current && build !== canary?.build && Date.now() - Date.parse(entry.retiredAt) <= options.retentionMs)
          .map(([build, entry]) => ({
            ...statusOf(name, build),
            retiredAt: entry.retiredAt,
            servedUntil: new Date(Date.parse(entry.retiredAt) + (entry.rolledBack ? 0 : options.retentionMs)).toISOString(),
            rolledBack: entry.rolledBack ?? false,
          }));
        return {
          name,
          current: current ? statusOf(name, current) : null,
          canary: canary ? { ...statusOf(name, canary.build), percent: canary.percent, startedAt: canary.startedAt, by: canary.by } : null,
          retained,
        };
      }),
      actions: readActions(this.dir, STATUS_ACTIONS),
    };
  }

  /** Under the lock: the switch itself, retiring the previous current build and ending the remote's canary. */
  private switchTo(remote: string, build: string, who: string, action: 'use' | 'promote' | 'rollback', detail: string): string | undefined {
    const locations = this.currentLocations();
    const previous = this.currentBuildOf(remote, locations);
    const canary = this.canaries()[remote];
    if (previous !== build) {
      // The retirement first: a gateway that sees the new build already knows how long to keep the old one.
      const history = this.history();
      delete history[remote]?.[build];
      if (previous) retireIn(history, remote, previous, { retiredAt: new Date().toISOString() });
      writeJson(join(this.dir, HISTORY_FILE), history);
      writeJson(join(this.dir, REMOTES_FILE), { ...locations, [remote]: `${remote}/${build}` });
    }
    // The canary ends after the switch: a gateway reading between the two writes serves its shoppers the
    // canary a moment longer, never the build being replaced.
    if (canary) {
      const { [remote]: _ended, ...rest } = this.canaries();
      writeJson(join(this.dir, CANARY_FILE), rest);
      if (canary.build !== build) this.retire(remote, canary.build, false);
    }
    if (previous !== build) this.log(who, action, remote, build, detail || `${previous ?? '(none)'} -> ${build}`);
    // Nothing switched, but a canary ended: that is an action the log must show.
    else if (canary) this.log(who, action, remote, build, detail || `${build} stays, ending canary ${canary.build}`);
    return previous;
  }

  private retire(remote: string, build: string, rolledBack: boolean): void {
    const history = this.history();
    retireIn(history, remote, build, { retiredAt: new Date().toISOString(), ...(rolledBack ? { rolledBack } : {}) });
    writeJson(join(this.dir, HISTORY_FILE), history);
  }

  private log(who: string, action: ReleaseAction['action'], remote: string, build: string, detail: string): void {
    appendAction(this.dir, { at: new Date().toISOString(), who, action, remote, build, detail });
  }

  private publishedRemotes(): string[] {
    return existsSync(this.dir) ? readdirSync(this.dir).filter((name) => REMOTE_NAME.test(name) && name !== REPORTS_FOLDER) : [];
  }

  private publishedBuilds(remote: string): string[] {
    try {
      return readdirSync(join(this.dir, remote)).filter((id) => BUILD_ID.test(id));
    } catch {
      return [];
    }
  }
}
