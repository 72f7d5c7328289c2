/**
 * The files of a releases folder (MF_RELEASES_DIR; the gateway's MF_REMOTES_FILE names its
 * remotes.json), their shapes and how they are written. Every file is written beside and renamed over,
 * so a reader (a gateway, on this machine or another sharing the folder) never sees half a file; every
 * change is made under the folder's lock, so two writers (an operator and a gateway's automatic
 * rollback) never lose each other's change.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, openSync, closeSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

import { BUILD_ID, REMOTE_NAME } from '@shop/contracts';

export { BUILD_ID, REMOTE_NAME };

/**
 * A record read from a releases file, without a prototype: names come from outside (an admin's URL, a
 * page's report, a file), and `constructor` or `toString` must find nothing rather than Object's own.
 */
export type OwnRecord<T> = Record<string, T>;

/** An empty record without a prototype. */
export const emptyRecord = <T>(): OwnRecord<T> => Object.create(null) as OwnRecord<T>;

/** `record` copied onto an object without a prototype. */
const withoutPrototype = <T>(record: Record<string, T>): OwnRecord<T> => Object.assign(emptyRecord<T>(), record);

/** remotes.json: `{ "catalog": "catalog/3f9a1c2b7d" }`, each remote's current build (a folder relative to the file, or a URL). */
export const REMOTES_FILE = 'remotes.json';
export const remotesFile = z.record(z.string().regex(REMOTE_NAME, 'remote names are lowercase words'), z.string().min(1)).transform(withoutPrototype);
export type RemotesFile = z.infer<typeof remotesFile>;

/**
 * history.json: when each build stopped being current (or canary), and whether it was rolled back (a
 * rolled-back build is withdrawn at once: not served for the retention window as a retired one is).
 */
export const HISTORY_FILE = 'history.json';
export const historyFile = z
  .record(z.string(), z.record(z.string(), z.object({ retiredAt: z.iso.datetime({ offset: true }), rolledBack: z.boolean().optional() })).transform(withoutPrototype))
  .transform(withoutPrototype);
export type HistoryFile = z.infer<typeof historyFile>;

/** canary.json: `{ "catalog": { "build": "…", "percent": 20, "startedAt": "…", "by": "…" } }`, at most one canary per remote. */
export const CANARY_FILE = 'canary.json';
export const canaryEntry = z.object({
  build: z.string().regex(BUILD_ID),
  percent: z.number().int().min(1).max(99),
  startedAt: z.iso.datetime({ offset: true }),
  by: z.string().max(200),
});
export const canaryFile = z.record(z.string().regex(REMOTE_NAME), canaryEntry).transform(withoutPrototype);
export type CanaryEntry = z.infer<typeof canaryEntry>;
export type CanaryFile = z.infer<typeof canaryFile>;

/** actions.jsonl: one line per release action, who did it and why. */
export const ACTIONS_FILE = 'actions.jsonl';
export const RELEASE_ACTIONS = ['publish', 'use', 'canary', 'promote', 'rollback', 'auto-rollback', 'prune'] as const;
export const releaseAction = z.object({
  at: z.string(),
  who: z.string(),
  action: z.enum(RELEASE_ACTIONS),
  remote: z.string(),
  build: z.string(),
  detail: z.string(),
});
export type ReleaseAction = z.infer<typeof releaseAction>;

/** reports/<instance>.json: what one gateway process counted of each build (build-stats.ts). */
export const REPORTS_FOLDER = 'reports';

/** A remote's server build inside its build folder (docs/ssr.md). */
const SERVER_ENTRY = join('server', 'remoteEntry.js');

/**
 * A build id: the first 10 hex digits of the SHA-256 of its remoteEntry.js, followed by its server
 * build's remoteEntry.js when it has one (docs/ssr.md): each names every chunk of its build by content,
 * so a change to the browser's code or the server's gives a new id. A build without a server build
 * keeps the id it always had. The gateway computes ids with this too.
 */
export function buildIdOf(folder: string): string | undefined {
  const entry = join(folder, 'remoteEntry.js');
  if (!existsSync(entry)) return undefined;
  const hash = createHash('sha256').update(readFileSync(entry));
  const server = join(folder, SERVER_ENTRY);
  if (existsSync(server)) hash.update(readFileSync(server));
  return hash.digest('hex').slice(0, 10);
}

/** What changes when a build folder's id may have (its entries' sizes and times), to know when to hash it again. */
export function buildStampOf(folder: string): string | undefined {
  try {
    const entry = statSync(join(folder, 'remoteEntry.js'));
    const server = existsSync(join(folder, SERVER_ENTRY)) ? statSync(join(folder, SERVER_ENTRY)) : undefined;
    return `${entry.size}:${entry.mtimeMs}:${server ? `${server.size}:${server.mtimeMs}` : '-'}`;
  } catch {
    return undefined;
  }
}

/** A JSON file parsed by `schema`; its absence or a broken one gives `fallback`. */
export function readJson<T>(file: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** Written beside and renamed over. */
export function writeJson(file: string, value: unknown): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(next, file);
}

/** Appends one action; a log past 2,000 lines is cut to its last 1,000 (under the lock). */
export function appendAction(dir: string, action: ReleaseAction): void {
  const file = join(dir, ACTIONS_FILE);
  appendFileSync(file, `${JSON.stringify(action)}\n`);
  if (statSync(file).size < 400_000) return;
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  if (lines.length <= 2_000) return;
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, `${lines.slice(-1_000).join('\n')}\n`);
  renameSync(next, file);
}

/** The last `limit` actions, newest first (a line that is no action is skipped). */
export function readActions(dir: string, limit: number): ReleaseAction[] {
  let text: string;
  try {
    text = readFileSync(join(dir, ACTIONS_FILE), 'utf8');
  } catch {
    return [];
  }
  return text
    .trimEnd()
    .split('\n')
    .slice(-limit)
    .reverse()
    .flatMap((line) => {
      try {
        const parsed = releaseAction.safeParse(JSON.parse(line));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
}

const LOCK_FILE = '.release.lock';
/** A lock older than this was left by a writer that died holding it. */
const STALE_LOCK_MS = 30_000;
const LOCK_WAIT_MS = 10_000;

/**
 * Runs `change` holding the folder's lock (a file created exclusively), waiting up to 10 s for it.
 * Changes are a few small file writes, so a lock older than 30 s is a dead writer's and is broken.
 */
export async function withReleaseLock<T>(dir: string, change: () => T | Promise<T>): Promise<T> {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, LOCK_FILE);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
      } catch {
        // Gone meanwhile: try again.
      }
      if (Date.now() > deadline) throw new Error(`the releases folder ${dir} stayed locked for ${LOCK_WAIT_MS / 1000} s (${lock})`, { cause: error });
      await sleep(20 + Math.random() * 30);
    }
  }
  try {
    return await change();
  } finally {
    rmSync(lock, { force: true });
  }
}
