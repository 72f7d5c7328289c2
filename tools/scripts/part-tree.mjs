#!/usr/bin/env node
/**
 * One part's production tree: what its image holds (docs/deploy.md, "Lean images"). For a part
 * (catalog, users, orders, storefront, gateway, paypal-stand-in) that is its workspace, the workspaces it
 * depends on (libs/*), each with its package.json and built dist/ (no declarations, no tests), the files it
 * reads at run time (the catalog's seed/, the built front ends of the storefront server and the gateway),
 * and a node_modules holding only the packages their `dependencies` reach: never what only
 * devDependencies, the root's devDependencies, or the workspaces it does not use (tests, bench, tools,
 * apps' build toolchain) reach.
 *
 * The tree is read from package-lock.json: from the part's workspace, each dependency, optional
 * dependency and required peer is resolved as Node and npm do (the nearest node_modules upwards), and the
 * packages are copied from the installed node_modules at the places the lockfile gives them, without
 * their TypeScript files and source maps. Optional peers are not followed (npm installs them only when
 * something else needs them). `--check-npm` proves the computed tree is npm's own production install.
 *
 *   node tools/scripts/part-tree.mjs <part> <outdir>     makes the part's tree in outdir (absent or empty)
 *   node tools/scripts/part-tree.mjs --list <part>       prints the tree's packages (lockfile paths)
 *   node tools/scripts/part-tree.mjs --sizes             each part's tree before (what `npm prune --omit=dev`
 *                                                        keeps, as the one-image build did) and after
 *   node tools/scripts/part-tree.mjs --check-npm <part>  installs the part with npm in a temporary folder
 *                                                        (production only) and compares
 *
 * Needs `npm ci` and the parts built (npx nx run-many -t build) in the repository it reads.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The front ends' builds (SHELL_DIR's and MF_REMOTES' default folders, libs/mf-releases' settings): browser
 * and server builds, the server builds self-contained (they bundle React and need no package).
 */
const FRONT_END_BUILDS = ['apps/shell/dist', 'apps/catalog-mf/dist', 'apps/checkout-mf/dist', 'apps/admin-mf/dist'];

/**
 * The parts that have an image: their workspace, and what else they read at run time besides their
 * packages' dist/ (repository paths). The storefront server renders and serves the pages from the front
 * ends' builds. The gateway keeps them for its fallback while no storefront server answers (the shell's
 * index.html and the current builds' files, docs/gateway.md); whole, server builds included, although it
 * renders nothing: a build's id hashes its browser and server entries (libs/mf-releases' buildIdOf), and
 * the fallback must name each build by the storefront server's id, or the pages opened before the
 * outage would ask for files it does not know.
 */
export const PARTS = {
  catalog: { workspace: 'services/catalog', files: ['services/catalog/seed'] },
  users: { workspace: 'services/users', files: [] },
  orders: { workspace: 'services/orders', files: [] },
  storefront: { workspace: 'services/storefront', files: FRONT_END_BUILDS },
  gateway: { workspace: 'services/gateway', files: FRONT_END_BUILDS },
  'paypal-stand-in': { workspace: 'tools/paypal-stand-in', files: [] },
};

/** Built files of the shop's own a running part never reads: declarations, build info, tests. */
const NOT_RUN = /(\.d\.ts|\.d\.ts\.map|\.tsbuildinfo|\.spec\.[cm]?js(\.map)?)$/;
/**
 * Files of installed packages Node never reads when it runs them: TypeScript (declarations and sources;
 * Node does not strip types under node_modules) and source maps (read only with --enable-source-maps,
 * which the images do not set). About half of the packages' files and bytes.
 */
const PACKAGE_NOT_RUN = /\.([cm]?ts|tsx|([cm]?js|[cm]?ts|css)\.map)$/;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * `record[key]` when the record has it itself, else undefined. Part names come from the command line and
 * package names from package-lock.json: `constructor` or `toString` must find nothing rather than what
 * every object inherits.
 */
const own = (record, key) => (record !== undefined && record !== null && Object.hasOwn(record, key) ? record[key] : undefined);

/** package-lock.json's packages: "" (the root), workspace folders, links, node_modules/… paths. */
export const lockPackages = (repo = REPO) => readJson(join(repo, 'package-lock.json')).packages;

/** Where `name` required from the package at `from` is found: the nearest node_modules upwards. */
function resolveIn(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const nested = base.lastIndexOf('/node_modules/');
    base = nested >= 0 ? base.slice(0, nested) : '';
  }
}

/** Whether the lockfile's package at `path` is on disk here (optional packages of other platforms are not). */
function installedVersion(repo, path) {
  const manifest = join(repo, path, 'package.json');
  return existsSync(manifest) ? readJson(manifest).version : undefined;
}

/**
 * What the lockfile's packages at `roots` (lockfile paths: "" the root, workspace folders) reach through
 * `fields` of the roots themselves (e.g. ['dependencies'], or ['devDependencies']) and then through the
 * dependencies, optional dependencies and required peers of everything reached, each resolved as Node
 * and npm do. Answers `found` (lockfile paths, workspace folders included, the roots not unless reached)
 * and `links` (node_modules/@shop/… → workspace folder). Only packages installed here are followed (an
 * optional one of another platform is not); a required one missing, or of another version than the
 * lockfile's, is an error. `optionalPeers`: also the optional peers the lockfile holds for production
 * (not only for devDependencies), as npm's workspace install takes them; the images leave them out.
 */
export function reachable(roots, { fields = ['dependencies', 'optionalDependencies', 'peerDependencies'], repo = REPO, packages = lockPackages(repo), optionalPeers = false } = {}) {
  const links = new Map();
  const found = new Set();
  const queue = roots.map((at) => ({ at, fields }));
  while (queue.length) {
    const { at, fields: taken } = queue.pop();
    const entry = packages[at];
    const optional = new Set(Object.keys(entry.optionalDependencies ?? {}));
    for (const name of Object.keys(entry.peerDependencies ?? {})) if (own(entry.peerDependenciesMeta, name)?.optional) optional.add(name);
    for (const name of new Set(taken.flatMap((field) => Object.keys(entry[field] ?? {})))) {
      const optionalPeer = !own(entry.dependencies, name) && own(entry.peerDependenciesMeta, name)?.optional;
      if (optionalPeer && !optionalPeers) continue;
      let path = resolveIn(packages, at, name);
      if (!path) {
        if (optional.has(name)) continue;
        throw new Error(`${at || 'the root'} needs ${name}, which package-lock.json does not hold`);
      }
      if (optionalPeer && (packages[path].dev || packages[path].devOptional)) continue; // held for devDependencies only
      if (packages[path].link) {
        links.set(path, packages[path].resolved);
        path = packages[path].resolved;
      } else {
        const version = installedVersion(repo, path);
        if (!version) {
          if (optional.has(name) || packages[path].optional) continue; // another platform's build
          throw new Error(`${path} is not installed in ${repo} (run npm ci)`);
        }
        if (version !== packages[path].version) throw new Error(`${path} is ${version} on disk but ${packages[path].version} in package-lock.json (run npm ci)`);
      }
      if (!found.has(path)) {
        found.add(path);
        queue.push({ at: path, fields: ['dependencies', 'optionalDependencies', 'peerDependencies'] });
      }
    }
  }
  return { found, links };
}

/** Whether a lockfile path is a workspace folder (apps/shell) rather than an installed package. */
export const isWorkspace = (path) => path !== '' && !path.includes('node_modules/');

/**
 * The part's production tree from the lockfile: `workspaces` (folders: the part's and those it needs),
 * `links` (node_modules/@shop/… → workspace folder), `packages` (lockfile paths, sorted) and `files`
 * (what else it reads). `optionalPeers` as for reachable().
 */
export function productionTree(part, { repo = REPO, packages = lockPackages(repo), optionalPeers = false } = {}) {
  const spec = own(PARTS, part);
  if (!spec) throw new Error(`unknown part "${part}"; parts: ${Object.keys(PARTS).join(', ')}`);
  const { found, links } = reachable([spec.workspace], { repo, packages, optionalPeers });
  return {
    part,
    workspaces: [...new Set([spec.workspace, ...[...found].filter(isWorkspace)])].sort(),
    links: [...links].sort(([a], [b]) => a.localeCompare(b)),
    packages: [...found].filter((path) => !isWorkspace(path)).sort(),
    files: spec.files,
  };
}

/** The packages `npm prune --omit=dev` keeps after a full `npm ci` (the one-image build): every one not flagged dev, as installed here. */
export function prunedPackages({ repo = REPO, packages = lockPackages(repo) } = {}) {
  return Object.keys(packages)
    .filter((path) => path.includes('node_modules/') && !packages[path].link && !packages[path].dev && installedVersion(repo, path))
    .sort();
}

/** A hard link, or a copy across file systems. */
function linkOrCopy(from, to) {
  try {
    linkSync(from, to);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    copyFileSync(from, to);
  }
}

/**
 * Copies a file or folder, leaving out the files `skip` names and the folder's own node_modules when
 * asked; `link`: hard links instead of copies where it can (fast; for checks that only read the tree).
 */
function copy(from, to, { skip, withoutNodeModules = false, link = false }) {
  const stat = lstatSync(from);
  if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
  else if (stat.isFile()) {
    if (!skip.test(from)) (link ? linkOrCopy : copyFileSync)(from, to);
  } else if (stat.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      if (!(withoutNodeModules && name === 'node_modules')) copy(join(from, name), join(to, name), { skip, link });
    }
  }
}

/**
 * Makes the part's tree in outDir (absent or empty); answers productionTree's description of it.
 * `link`: hard links to the repository's files instead of copies (see copy()).
 */
export function makePartTree(part, outDir, { repo = REPO, link = false } = {}) {
  const tree = productionTree(part, { repo });
  if (existsSync(outDir) && readdirSync(outDir).length) throw new Error(`${outDir} is not empty`);
  mkdirSync(outDir, { recursive: true });
  const root = readJson(join(repo, 'package.json'));
  const manifest = { name: root.name, version: root.version, private: true, type: root.type, workspaces: tree.workspaces, engines: root.engines };
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const workspace of tree.workspaces) {
    const dist = join(repo, workspace, 'dist');
    if (!existsSync(dist)) throw new Error(`${workspace} is not built (no dist/)`);
    mkdirSync(join(outDir, workspace), { recursive: true });
    copy(join(repo, workspace, 'package.json'), join(outDir, workspace, 'package.json'), { skip: NOT_RUN, link });
    copy(dist, join(outDir, workspace, 'dist'), { skip: NOT_RUN, link });
  }
  for (const path of tree.files) {
    if (!existsSync(join(repo, path))) throw new Error(`${part} reads ${path}, which is missing (not built?)`);
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    copy(join(repo, path), join(outDir, path), { skip: NOT_RUN, link });
  }
  for (const path of tree.packages) copy(join(repo, path), join(outDir, path), { skip: PACKAGE_NOT_RUN, withoutNodeModules: true, link });
  for (const [link, target] of tree.links) {
    mkdirSync(dirname(join(outDir, link)), { recursive: true });
    symlinkSync(relative(dirname(join(outDir, link)), join(outDir, target)), join(outDir, link));
  }
  return tree;
}

/**
 * Bytes (apparent sizes, as an image layer holds them) and count of the files under `path`, leaving out
 * the files `skip` names, the folders `skipFolder` names, and the folder's own node_modules if asked.
 */
export function measure(path, { skip = /$^/, skipFolder = () => false, withoutNodeModules = false } = {}) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return skip.test(path) ? { bytes: 0, files: 0 } : { bytes: stat.size, files: 1 };
  const sum = { bytes: 0, files: 0 };
  for (const name of readdirSync(path)) {
    if ((withoutNodeModules && name === 'node_modules') || skipFolder(join(path, name))) continue;
    const inner = measure(join(path, name), { skip, skipFolder });
    sum.bytes += inner.bytes;
    sum.files += inner.files;
  }
  return sum;
}

const add = (sizes) => sizes.reduce((sum, size) => ({ bytes: sum.bytes + size.bytes, files: sum.files + size.files }), { bytes: 0, files: 0 });

/** The packages found on disk in a tree's node_modules folders (lockfile-style paths), for comparing. */
export function packagesOnDisk(dir, under = '') {
  const found = [];
  const modules = join(dir, under, 'node_modules');
  if (!existsSync(modules)) return found;
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const names = name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name];
    for (const full of names) {
      const path = `${under ? `${under}/` : ''}node_modules/${full}`;
      if (lstatSync(join(dir, path)).isSymbolicLink()) continue; // a workspace's link
      found.push(path, ...packagesOnDisk(dir, path));
    }
  }
  return found;
}

const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

/**
 * What every image held before (one /shop for all): the packages `npm prune --omit=dev` keeps, and the
 * repository's files the old build left (all but tests, bench, docs and sources; dist/ as built here).
 */
function oldImage(repo, packages) {
  const pruned = prunedPackages({ repo, packages });
  const dropped = new Set(['node_modules', '.git', '.nx', '.data', 'tests', 'bench', 'docs'].map((name) => join(repo, name)));
  const own = measure(repo, {
    skip: /(\.spec\.[^/]*|\.tsbuildinfo|\.log)$/,
    skipFolder: (path) => dropped.has(path) || path.endsWith('/node_modules') || /^(apps|libs|services|tools)\/[^/]+\/src$/.test(relative(repo, path)),
  });
  return { packages: pruned.length, nodeModules: add(pruned.map((path) => measure(join(repo, path), { withoutNodeModules: true }))), own };
}

/** Each part's tree before (oldImage) and after (its own tree, as makePartTree makes it), in packages, bytes and files. */
export function treeSizes({ repo = REPO } = {}) {
  const packages = lockPackages(repo);
  const before = oldImage(repo, packages);
  return Object.keys(PARTS).map((part) => {
    const tree = productionTree(part, { repo, packages });
    const own = add([
      ...tree.workspaces.flatMap((workspace) => [measure(join(repo, workspace, 'package.json')), measure(join(repo, workspace, 'dist'), { skip: NOT_RUN })]),
      ...tree.files.map((path) => measure(join(repo, path), { skip: NOT_RUN })),
    ]);
    const whole = add(tree.packages.map((path) => measure(join(repo, path), { withoutNodeModules: true })));
    const nodeModules = add(tree.packages.map((path) => measure(join(repo, path), { withoutNodeModules: true, skip: PACKAGE_NOT_RUN })));
    return { part, before, after: { packages: tree.packages.length, workspaces: tree.workspaces.length, nodeModules, wholePackagesBytes: whole.bytes, own } };
  });
}

/**
 * npm's own production install of the part, in a temporary folder: the lockfile, the root manifest and
 * every workspace's manifest without devDependencies, then `npm install --omit=dev --workspace <part>`.
 * npm's workspace install also takes the optional peers that the lockfile holds for other workspaces
 * (e.g. @fastify/static, an optional peer of @nestjs/swagger that the launcher's maildev needs): it is
 * compared with productionTree(…, { optionalPeers: true }), and `optionalPeersLeftOut` lists what the
 * image leaves out of npm's install. (Plain `npm ci --omit=dev --workspace` is worse: it also installs the
 * workspace's devDependencies that another workspace needs in production, @shop/testing and with it
 * playwright-core, and every optional peer of the whole lockfile, e.g. typescript for @nestjs/swagger.)
 */
export function checkWithNpm(part, { repo = REPO } = {}) {
  const lean = productionTree(part, { repo });
  const tree = productionTree(part, { repo, optionalPeers: true });
  const dir = mkdtempSync(join(tmpdir(), `part-tree-${part}-`));
  try {
    const packages = lockPackages(repo);
    const strip = (manifest) => ({ ...manifest, devDependencies: undefined, scripts: undefined });
    writeFileSync(join(dir, 'package.json'), JSON.stringify(strip(readJson(join(repo, 'package.json')))));
    cpSync(join(repo, 'package-lock.json'), join(dir, 'package-lock.json'));
    for (const path of Object.keys(packages).filter((path) => path && !path.includes('node_modules/'))) {
      mkdirSync(join(dir, path), { recursive: true });
      writeFileSync(join(dir, path, 'package.json'), JSON.stringify(strip(readJson(join(repo, path, 'package.json')))));
    }
    const npm = spawnSync('npm', ['install', '--omit=dev', '--workspace', PARTS[part].workspace, '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (npm.status !== 0) throw new Error(`npm install failed: ${npm.stderr}`);
    const onDisk = new Set([...packagesOnDisk(dir), ...tree.workspaces.flatMap((workspace) => packagesOnDisk(dir, workspace))]);
    const computed = new Set(tree.packages);
    const version = (root, path) => readJson(join(root, path, 'package.json')).version;
    return {
      part,
      npm: onDisk.size,
      computed: computed.size,
      image: lean.packages.length,
      optionalPeersLeftOut: tree.packages.filter((path) => !lean.packages.includes(path)),
      onlyNpm: [...onDisk].filter((path) => !computed.has(path)).sort(),
      onlyComputed: [...computed].filter((path) => !onDisk.has(path)).sort(),
      otherVersion: [...computed].filter((path) => onDisk.has(path) && version(dir, path) !== version(repo, path)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [first, second] = process.argv.slice(2);
  if (first === '--sizes') {
    const rows = treeSizes();
    const { before } = rows[0];
    const mb = ({ bytes }) => megabytes(bytes);
    console.log(`before, every image: node_modules after npm prune --omit=dev: ${before.packages} packages, ${mb(before.nodeModules)} MB in ${before.nodeModules.files} files;`);
    console.log(`  the shop's own files: ${mb(before.own)} MB in ${before.own.files} files; together ${megabytes(before.nodeModules.bytes + before.own.bytes)} MB`);
    console.log('after, each part (MB are 10^6 bytes of file contents; node_modules without TypeScript files and source maps):');
    console.log('part              packages  node_modules MB (whole packages)  files   own files MB (workspaces)  together MB');
    for (const { part, after } of rows) {
      console.log(
        [
          part.padEnd(16),
          String(after.packages).padStart(9),
          `${mb(after.nodeModules).padStart(16)} (${megabytes(after.wholePackagesBytes)})`.padEnd(33),
          String(after.nodeModules.files).padStart(6),
          `${mb(after.own)} (${after.workspaces})`.padStart(27),
          megabytes(after.nodeModules.bytes + after.own.bytes).padStart(12),
        ].join(' '),
      );
    }
  } else if (first === '--list' && second) {
    const tree = productionTree(second);
    console.log([...tree.workspaces.map((workspace) => `${workspace}/`), ...tree.files.map((path) => `${path}/`), ...tree.packages].join('\n'));
  } else if (first === '--check-npm' && second) {
    const result = checkWithNpm(second);
    console.log(JSON.stringify(result, null, 2));
    process.exitCode = result.onlyNpm.length || result.onlyComputed.length || result.otherVersion.length ? 1 : 0;
  } else if (first && second && !first.startsWith('--')) {
    const tree = makePartTree(first, second);
    console.log(`${first}: ${tree.workspaces.length} workspaces, ${tree.packages.length} packages in ${second}`);
  } else {
    console.error('usage: part-tree.mjs <part> <outdir> | --list <part> | --sizes | --check-npm <part>');
    process.exitCode = 2;
  }
}
