/**
 * Each part's image holds that part's production tree and nothing else (docs/deploy.md, "Lean images"):
 * tools/scripts/part-tree.mjs makes it, as the Dockerfile does, here with hard links into a temporary
 * folder outside the repository (no node_modules above it, so only the tree's own packages resolve).
 * A package that only devDependencies, or only workspaces the part does not use (tests, bench, tools,
 * the front ends' build), bring is a failure; and the part runs from its tree: its commands, its whole
 * app (`openapi` loads every module a service serves with), the storefront server's pages rendered on the
 * server and its front ends' files, and the gateway's page and files while no storefront server answers.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

interface Tree {
  part: string;
  workspaces: string[];
  links: [string, string][];
  packages: string[];
  files: string[];
}
interface PartTree {
  PARTS: Record<string, { workspace: string; files: string[] }>;
  lockPackages: () => Record<string, Record<string, unknown>>;
  isWorkspace: (path: string) => boolean;
  reachable: (roots: string[], options?: { fields?: string[] }) => { found: Set<string> };
  productionTree: (part: string, options?: { optionalPeers?: boolean }) => Tree;
  prunedPackages: () => string[];
  makePartTree: (part: string, outDir: string, options?: { link?: boolean }) => Tree;
  packagesOnDisk: (dir: string, under?: string) => string[];
}
const partTree = (await import(join(repo, 'tools/scripts/part-tree.mjs'))) as PartTree;

const PARTS = ['catalog', 'users', 'orders', 'storefront', 'gateway', 'paypal-stand-in'] as const;
type Part = (typeof PARTS)[number];
const SERVICES = ['catalog', 'users', 'orders'] as const;

/** Named in the issue: what the one-image build shipped in every image, and no part runs. */
const NAMED_DEV_ONLY = [
  'playwright-core',
  'autocannon',
  'axe-core',
  'lighthouse',
  'chrome-launcher',
  'kubernetes-models',
  '@electric-sql/pglite',
  '@electric-sql/pglite-socket',
  'jest',
  'typescript',
  'nx',
  'eslint',
  'supertest',
  's3rver',
  '@swc/core',
  '@nestjs/testing',
  '@module-federation/enhanced',
  '@rspack/core',
  '@testing-library/react',
];
const NAMED_DEV_SCOPES = ['@rspack/', '@nx/', '@testing-library/', '@swc/', '@jest/', '@module-federation/', '@typescript-eslint/', '@electric-sql/'];
/** Workspaces no image runs: tests, benches, the launcher, test helpers, the front ends' sources. */
const NOT_RUN_WORKSPACES = /^(tests|bench|apps)\/|^libs\/(testing|web-testing|standalone)$|^tools\/launcher$/;

const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
const isNamedDevOnly = (name: string) => NAMED_DEV_ONLY.includes(name) || NAMED_DEV_SCOPES.some((scope) => name.startsWith(scope));

const lock = partTree.lockPackages();
const workspaces = Object.keys(lock).filter(partTree.isWorkspace);
/** What devDependencies (the root's and every workspace's) reach. */
const devReach = partTree.reachable(['', ...workspaces], { fields: ['devDependencies'] }).found;

/**
 * What the part must not hold: everything devDependencies reach, or workspaces the part does not depend
 * on, that the part's production dependencies do not reach (optional peers npm would add included).
 */
function devOnlyFor(part: Part): Set<string> {
  const production = partTree.productionTree(part, { optionalPeers: true });
  const needed = new Set([...production.packages, ...production.workspaces]);
  const others = workspaces.filter((workspace) => !production.workspaces.includes(workspace));
  const othersReach = partTree.reachable(others).found;
  return new Set([...devReach, ...others, ...othersReach].filter((path) => !needed.has(path)));
}

let base: string;
const trees = new Map<Part, { dir: string; tree: Tree }>();
const treeDir = (part: Part) => trees.get(part)!.dir;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'lean-images-'));
  for (const part of PARTS) {
    const dir = join(base, part);
    trees.set(part, { dir, tree: partTree.makePartTree(part, dir, { link: true }) });
  }
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs `node <workspace>/dist/main.js <args>` in the part's tree (its /shop) with exactly `env` (and PATH). */
function run(part: Part, args: string[], env: Record<string, string> = {}) {
  const { workspace } = partTree.PARTS[part];
  return spawnSync(process.execPath, [join(workspace, 'dist/main.js'), ...args], {
    cwd: treeDir(part),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/**
 * An address where nothing listens, whatever else runs on this machine: the services of a part served
 * alone (the defaults, 127.0.0.1:3001…, may be another shop's).
 */
let nowhere: string;
beforeAll(async () => {
  nowhere = `http://127.0.0.1:${await freePort()}`;
});

/**
 * Serves the part from its tree on a free port, with `env` besides its address, until `until` settles;
 * its output is answered with the result.
 */
async function serving<T>(part: Part, env: Record<string, string>, until: (origin: string, output: () => string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const { workspace } = partTree.PARTS[part];
  const child = spawn(process.execPath, [join(workspace, 'dist/main.js')], {
    cwd: treeDir(part),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    return await until(`http://127.0.0.1:${port}`, () => output);
  } finally {
    child.kill();
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
  }
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, output: () => string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await Promise.resolve().then(check).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen within ${ms} ms; output:\n${output()}`);
}

describe('what a part image holds', () => {
  it('is made outside any node_modules: only the tree itself can resolve a package', () => {
    for (let dir = base; dir !== dirname(dir); dir = dirname(dir)) expect(existsSync(join(dirname(dir), 'node_modules'))).toBe(false);
  });

  it.each([...PARTS])('%s: the packages on disk are the tree computed from package-lock.json', (part) => {
    const { dir, tree } = trees.get(part)!;
    const onDisk = [...partTree.packagesOnDisk(dir), ...tree.workspaces.flatMap((workspace) => partTree.packagesOnDisk(dir, workspace))].sort();
    expect(onDisk).toEqual(tree.packages);
    expect(tree.workspaces).toContain(partTree.PARTS[part].workspace);
    expect(tree.workspaces.filter((workspace) => NOT_RUN_WORKSPACES.test(workspace))).toEqual([]);
  });

  it.each([...PARTS])('%s: holds no package that only devDependencies or workspaces it does not use bring', (part) => {
    const { dir, tree } = trees.get(part)!;
    const devOnly = devOnlyFor(part);
    const onDisk = [...partTree.packagesOnDisk(dir), ...tree.workspaces.flatMap((workspace) => partTree.packagesOnDisk(dir, workspace))];
    expect(onDisk.filter((path) => devOnly.has(path))).toEqual([]);
    expect(onDisk.map(nameOf).filter(isNamedDevOnly)).toEqual([]);
    // The derived set holds the named ones: the check is not empty.
    const devOnlyNames = new Set([...devOnly].map(nameOf));
    expect(NAMED_DEV_ONLY.filter((name) => !devOnlyNames.has(name))).toEqual([]);
  });

  it('the one-image build (npm prune --omit=dev) held some of them in every image', () => {
    const pruned = new Set(partTree.prunedPackages().map(nameOf));
    expect(['playwright-core', 'autocannon', 'axe-core', 'kubernetes-models', '@electric-sql/pglite', 'typescript'].filter((name) => !pruned.has(name))).toEqual([]);
  });
});

describe('a part runs from its tree', () => {
  it.each([...SERVICES, 'storefront' as const, 'gateway' as const])('%s: check-settings prints its settings report', (part) => {
    const result = run(part, ['check-settings']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as { part: string; reads: string[]; problems: string[] };
    expect(report).toMatchObject({ part, problems: [] });
    expect(report.reads).toEqual(expect.arrayContaining(['PORT', 'LOG_LEVEL']));
  });

  it.each([...SERVICES, 'storefront' as const, 'gateway' as const])('%s: starts its tracing from its tree (the OpenTelemetry SDK and its instrumentations load)', (part) => {
    const result = run(part, ['check-settings'], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_SERVICE_NAME: `lean-${part}` });
    expect(result.stderr).toBe(`${part}: tracing on, spans to http://127.0.0.1:9\n`);
    expect(result.status).toBe(0);
  });

  it.each([...SERVICES, 'storefront' as const])('%s: loads its whole app (openapi builds it, touching nothing)', (part) => {
    const result = run(part, ['openapi']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const document = JSON.parse(result.stdout) as { openapi: string; paths: Record<string, unknown> };
    expect(Object.keys(document.paths).length).toBeGreaterThan(3);
  });

  it.each([
    ['catalog', 'services/catalog', 'sharp'],
    ['users', 'services/users', '@node-rs/argon2'],
  ] as const)('%s: its native package loads (%s, %s, its build for this platform)', (part, workspace, name) => {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(name)})`], {
      cwd: join(treeDir(part), workspace),
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect([result.status, result.stderr]).toEqual([0, '']);
  });

  it("storefront: renders pages on the server and serves the shell and the micro-frontends from MF_REMOTES' default folders", async () => {
    await serving('storefront', { CATALOG_URL: nowhere, USERS_URL: nowhere }, async (origin, output) => {
      await waitFor('server pages loaded', () => /server pages of the current builds loaded/.test(output()), output);
      expect(output()).toContain(`rendering pages on the server with ${join(treeDir('storefront'), 'apps/shell/dist/server/render.cjs')}`);
      // The services are not running: the page says so (503), rendered on the server all the same.
      const page = await fetch(`${origin}/`, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toMatch(/^<!doctype html>.*<title>[^<]+<\/title>/s);
      const remotes = (await (await fetch(`${origin}/mf/remotes.json`)).json()) as Record<string, string>;
      expect(Object.keys(remotes).sort()).toEqual(['admin', 'catalog', 'checkout']);
      for (const entry of Object.values(remotes)) expect((await fetch(new URL(entry, origin))).status).toBe(200);
      // Its probes and metrics on its own port, as a service's.
      for (const path of ['/health', '/ready']) expect([path, (await fetch(`${origin}${path}`)).status]).toEqual([path, 200]);
      expect(await (await fetch(`${origin}/metrics`)).text()).toContain('http_server_request_duration_seconds');
    });
  });

  it("gateway: while no storefront server answers, serves the shell's page and the builds the storefront server names, by the same ids", async () => {
    const named = await serving('storefront', { CATALOG_URL: nowhere, USERS_URL: nowhere }, async (origin, output) => {
      await waitFor('listening', () => output().includes('storefront listening on'), output);
      return (await (await fetch(`${origin}/mf/remotes.json`)).json()) as Record<string, string>;
    });
    await serving('gateway', { CATALOG_URL: nowhere, USERS_URL: nowhere, ORDERS_URL: nowhere, STOREFRONT_URL: nowhere }, async (origin, output) => {
      await waitFor('listening', () => output().includes('gateway listening on'), output);
      const page = await fetch(`${origin}/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(readFileSync(join(treeDir('gateway'), 'apps/shell/dist/index.html'), 'utf8'));
      // Pages opened before the storefront server went away ask for these files: the gateway knows them by the same ids.
      const remotes = (await (await fetch(`${origin}/mf/remotes.json`)).json()) as Record<string, string>;
      expect(remotes).toEqual(named);
      for (const entry of Object.values(remotes)) expect((await fetch(new URL(entry, origin))).status).toBe(200);
      expect((await fetch(`${origin}/api/docs`)).status).toBe(200);
    });
  });

  it('paypal-stand-in: serves', async () => {
    await serving('paypal-stand-in', {}, async (origin, output) => {
      await waitFor('listening', () => output().includes('PayPal stand-in listening on'), output);
      const token = await fetch(`${origin}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('sb-stand-in:stand-in-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(token.status).toBe(200);
    });
  });
});
