/**
 * The deployment scripts look names up that come from outside them: tools/scripts/part-tree.mjs a part
 * named on its command line and package names from package-lock.json, tools/scripts/complete-lockfile.mjs
 * the words of package names. A name of Object's own properties (`constructor`, `__proto__`, `toString`,
 * `hasOwnProperty`) must be an unknown part, a package like any other and no CPU: never what every
 * object inherits.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

type Packages = Record<string, Record<string, unknown>>;
interface PartTree {
  PARTS: Record<string, { workspace: string; files: string[] }>;
  reachable: (roots: string[], options: { repo: string; packages: Packages; optionalPeers?: boolean }) => { found: Set<string> };
  productionTree: (part: string) => unknown;
}
interface CompleteLockfile {
  platformOf: (name: string) => { os?: string; cpu?: string; libc?: string };
  completeLockfile: (lock: { packages: Packages }) => number;
}
const partTree = (await import(join(repo, 'tools/scripts/part-tree.mjs'))) as PartTree;
const lockfile = (await import(join(repo, 'tools/scripts/complete-lockfile.mjs'))) as CompleteLockfile;

const OBJECT_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

describe('part-tree.mjs', () => {
  it.each(OBJECT_NAMES)('knows no part %s, on the command line as in code', (name) => {
    const parts = Object.keys(partTree.PARTS).join(', ');
    expect(() => partTree.productionTree(name)).toThrow(`unknown part "${name}"; parts: ${parts}`);
    const run = spawnSync(process.execPath, [join(repo, 'tools/scripts/part-tree.mjs'), '--list', name], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`unknown part "${name}"`);
    expect(run.stdout).toBe('');
  });

  describe.each(OBJECT_NAMES)('a package named %s', (name) => {
    let folder: string;
    beforeEach(() => {
      folder = mkdtempSync(join(tmpdir(), 'part-tree-names-'));
      for (const installed of ['dep', name]) {
        mkdirSync(join(folder, 'node_modules', installed), { recursive: true });
        writeFileSync(join(folder, 'node_modules', installed, 'package.json'), JSON.stringify({ name: installed, version: '1.0.0' }));
      }
    });
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    // As package-lock.json holds it (read with JSON.parse): the workspace depends on `dep`, and takes `name` as an optional peer.
    const lockOf = (name: string): Packages =>
      JSON.parse(
        JSON.stringify({
          'apps/x': { dependencies: { dep: '1.0.0' }, peerDependencies: { [name]: '1.0.0' }, peerDependenciesMeta: { [name]: { optional: true } } },
          'node_modules/dep': { version: '1.0.0' },
          [`node_modules/${name}`]: { version: '1.0.0' },
        }),
      ) as Packages;

    it('is an optional peer the tree leaves out unless optional peers are asked for', () => {
      const packages = lockOf(name);
      expect([...partTree.reachable(['apps/x'], { repo: folder, packages }).found]).toEqual(['node_modules/dep']);
      expect([...partTree.reachable(['apps/x'], { repo: folder, packages, optionalPeers: true }).found].sort()).toEqual(['node_modules/dep', `node_modules/${name}`].sort());
    });
  });
});

describe('complete-lockfile.mjs', () => {
  it.each(OBJECT_NAMES)('reads no CPU from the word %s of a package name', (word) => {
    expect(lockfile.platformOf(`@scope/native-linux-${word}`)).toEqual({ os: 'linux', cpu: undefined, libc: undefined });
    expect(lockfile.platformOf(`@scope/native-linux-${word}-x64-gnu`)).toEqual({ os: 'linux', cpu: 'x64', libc: 'glibc' });
  });

  it('records the missing platform builds only, not a package named with such a word', () => {
    const lock = {
      packages: JSON.parse(
        JSON.stringify({
          '': { name: 'shop' },
          'node_modules/native': {
            version: '1.0.0',
            optionalDependencies: Object.fromEntries([...OBJECT_NAMES.map((word) => `@scope/native-linux-${word}`), '@scope/native-darwin-arm64'].map((name) => [name, '1.0.0'])),
          },
        }),
      ) as Packages,
    };
    expect(lockfile.completeLockfile(lock)).toBe(1);
    expect(Object.keys(lock.packages)).toEqual(['', 'node_modules/@scope/native-darwin-arm64', 'node_modules/native']);
    expect(lock.packages['node_modules/@scope/native-darwin-arm64']).toEqual({ version: '1.0.0', cpu: ['arm64'], optional: true, os: ['darwin'] });
  });
});
