#!/usr/bin/env node
/**
 * Ships and rolls back a micro-frontend's build while the shop runs (docs/micro-frontends.md).
 *
 *   node tools/scripts/mf-release.mjs publish <remote> <build folder> [--use]
 *       copies a build (apps/catalog-mf/dist) to <releases>/<remote>/<build id>/ and prints the id;
 *       with --use, also makes it the remote's current build
 *   node tools/scripts/mf-release.mjs use <remote> <build id>
 *       makes a published build the current one (rolling back is using the previous id)
 *   node tools/scripts/mf-release.mjs list
 *       every published build, newest first, which one each remote runs, and when the others retired
 *   node tools/scripts/mf-release.mjs prune
 *       removes the builds retired longer ago than MF_BUILD_RETENTION_MINUTES (a day by default)
 *
 * <releases> is MF_RELEASES_DIR (default .data/mf-releases). The current builds are in
 * <releases>/remotes.json, the file the gateway's MF_REMOTES_FILE names and rereads when it changes:
 * new page loads get the new build, pages already open keep the one they loaded. Nothing is rebuilt
 * or restarted. When a build stops being current, <releases>/history.json records when: the gateway
 * keeps serving it for MF_BUILD_RETENTION_MINUTES after that (pages opened before keep working), and
 * `prune` removes it once that has passed. A build id is the first 10 hex digits of the SHA-256 of its remoteEntry.js, as the
 * gateway computes it.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const REMOTE_NAME = /^[a-z][a-z0-9-]{0,30}$/;
const BUILD_ID = /^[0-9a-f]{10}$/;

const releasesDir = resolve(process.env.MF_RELEASES_DIR ?? '.data/mf-releases');
const remotesFile = join(releasesDir, 'remotes.json');
const historyFile = join(releasesDir, 'history.json');
const retentionMs = Number(process.env.MF_BUILD_RETENTION_MINUTES ?? 1440) * 60_000;

function fail(message) {
  process.stderr.write(`mf-release: ${message}\n`);
  process.exit(1);
}

function buildIdOf(folder) {
  const entry = join(folder, 'remoteEntry.js');
  if (!existsSync(entry) || !existsSync(join(folder, 'mf-manifest.json'))) fail(`${folder} is no remote build (no remoteEntry.js and mf-manifest.json)`);
  return createHash('sha256').update(readFileSync(entry)).digest('hex').slice(0, 10);
}

function currentBuilds() {
  return existsSync(remotesFile) ? JSON.parse(readFileSync(remotesFile, 'utf8')) : {};
}

/** `{ remote: { id: { retiredAt } } }`: when each build stopped being current. */
function history() {
  return existsSync(historyFile) ? JSON.parse(readFileSync(historyFile, 'utf8')) : {};
}

/** Written beside and renamed over, so the gateway never reads half a file. */
function writeJson(file, value) {
  mkdirSync(releasesDir, { recursive: true });
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(next, file);
}

function use(remote, id) {
  if (!REMOTE_NAME.test(remote)) fail(`${remote} is no remote name`);
  if (!BUILD_ID.test(id) || !existsSync(join(releasesDir, remote, id, 'remoteEntry.js'))) fail(`${remote} has no published build ${id} (see: list)`);
  const current = currentBuilds();
  const previous = current[remote];
  const next = relative(releasesDir, join(releasesDir, remote, id));
  if (previous === next) return void process.stdout.write(`${remote}: ${next} already\n`);
  // The retirement first: a gateway that sees the new build already knows how long to keep the old one.
  const retired = history();
  const builds = (retired[remote] ??= {});
  delete builds[id];
  const previousId = previous?.startsWith(`${remote}/`) ? previous.slice(remote.length + 1) : undefined;
  if (previousId && BUILD_ID.test(previousId)) builds[previousId] = { retiredAt: new Date().toISOString() };
  writeJson(historyFile, retired);
  writeJson(remotesFile, { ...current, [remote]: next });
  process.stdout.write(`${remote}: ${previous ?? '(none)'} -> ${remote}/${id}\n`);
}

function publish(remote, folder, andUse) {
  if (!REMOTE_NAME.test(remote)) fail(`${remote} is no remote name`);
  const source = resolve(folder);
  const id = buildIdOf(source);
  const target = join(releasesDir, remote, id);
  if (!existsSync(target)) {
    mkdirSync(join(releasesDir, remote), { recursive: true });
    // Copied beside, then renamed: a half-copied build is never visible under its id.
    const partial = `${target}.${process.pid}.partial`;
    // The remote's standalone page is no part of what the shell loads.
    cpSync(source, partial, { recursive: true, filter: (path) => relative(source, path) !== 'standalone' });
    renameSync(partial, target);
  }
  process.stdout.write(`${id}\n`);
  if (andUse) use(remote, id);
}

/** Every published build of every remote, newest first. */
function publishedBuilds() {
  const remotes = existsSync(releasesDir) ? readdirSync(releasesDir).filter((name) => REMOTE_NAME.test(name)) : [];
  return remotes.flatMap((remote) =>
    readdirSync(join(releasesDir, remote))
      .filter((id) => BUILD_ID.test(id))
      .map((id) => ({ remote, id, time: statSync(join(releasesDir, remote, id)).mtime }))
      .sort((a, b) => b.time.getTime() - a.time.getTime()),
  );
}

function list() {
  const current = currentBuilds();
  const retired = history();
  for (const { remote, id, time } of publishedBuilds()) {
    const mark = current[remote] === `${remote}/${id}` ? '*' : ' ';
    const retiredAt = mark === ' ' ? retired[remote]?.[id]?.retiredAt : undefined;
    process.stdout.write(`${mark} ${remote} ${id} ${time.toISOString()}${retiredAt ? ` retired ${retiredAt}` : ''}\n`);
  }
}

/** Removes the builds retired longer ago than the retention: no page can still be using them. */
function prune() {
  const current = currentBuilds();
  const retired = history();
  for (const { remote, id } of publishedBuilds()) {
    const retiredAt = Date.parse(retired[remote]?.[id]?.retiredAt ?? '');
    if (current[remote] === `${remote}/${id}` || !(Date.now() - retiredAt > retentionMs)) continue;
    rmSync(join(releasesDir, remote, id), { recursive: true, force: true });
    delete retired[remote][id];
    process.stdout.write(`removed ${remote} ${id} (retired ${new Date(retiredAt).toISOString()})\n`);
  }
  writeJson(historyFile, retired);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'publish' && args.length >= 2) publish(args[0], args[1], args.includes('--use'));
else if (command === 'use' && args.length === 2) use(args[0], args[1]);
else if (command === 'list') list();
else if (command === 'prune') prune();
else fail('usage: publish <remote> <build folder> [--use] | use <remote> <build id> | list | prune');
