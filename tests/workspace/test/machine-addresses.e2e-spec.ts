/**
 * Scripts take machine-specific addresses from the machine, not from the repository (issue 43): no file
 * git tracks names a package registry's or a distribution mirror's host, and deploy/podman/base-images.sh
 * takes its Debian mirror from the machine's apt sources, as apt itself reads them (`apt-get
 * indextargets`), with DEBIAN_MIRROR as the override.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const script = join(workspace, 'deploy/podman/base-images.sh');

/** Hosts of package registries and distribution mirrors: a machine's own settings, never the repository's. */
const REGISTRY_HOSTS = [
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'npm.pkg.github.com',
  'deb.debian.org',
  'security.debian.org',
  'ftp.debian.org',
  'archive.ubuntu.com',
  'security.ubuntu.com',
  'dl-cdn.alpinelinux.org',
  'pypi.org',
  'registry-1.docker.io',
  'quay.io',
  'ghcr.io',
  'registry.k8s.io',
];

/** Runs base-images.sh --print-mirror with `apt-get` answering `indextargets` as `lines` say. */
function printMirror(lines: string[], env: Record<string, string> = {}) {
  const bin = mkdtempSync(join(tmpdir(), 'fake-apt-'));
  try {
    const aptGet = join(bin, 'apt-get');
    writeFileSync(aptGet, `#!/bin/sh\n[ "$1" = indextargets ] || exit 2\n${lines.map((line) => `echo '${line}'`).join('\n')}\n`);
    chmodSync(aptGet, 0o755);
    const inherited = { ...process.env };
    delete inherited.DEBIAN_MIRROR;
    return spawnSync('bash', [script, '--print-mirror'], { env: { ...inherited, PATH: `${bin}:${process.env.PATH}`, ...env }, encoding: 'utf8' });
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

describe('machine-specific addresses', () => {
  it('are written in no file git tracks: no package registry or mirror host', () => {
    // This file names the hosts it looks for.
    const self = 'tests/workspace/test/machine-addresses.e2e-spec.ts';
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: workspace, encoding: 'utf8' }).split('\0').filter((file) => file && file !== self);
    const found: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(join(workspace, file), 'utf8');
      } catch {
        continue; // listed but not in this checkout (a file removed and not yet committed)
      }
      for (const host of REGISTRY_HOSTS) if (text.includes(host)) found.push(`${file}: ${host}`);
    }
    expect(found).toEqual([]);
  });

  it("base-images.sh takes the Debian mirror bookworm's main packages come from in the machine's apt sources", () => {
    const run = printMirror(['http://security.mirror.test/debian-security/ bookworm-security main', 'http://mirror.test/debian/ bookworm contrib', 'http://mirror.test/debian/ bookworm main']);
    expect({ status: run.status, out: run.stdout.trim() }).toEqual({ status: 0, out: 'http://mirror.test/debian' });
  });

  it('base-images.sh takes DEBIAN_MIRROR over the machine sources', () => {
    const run = printMirror(['http://mirror.test/debian/ bookworm main'], { DEBIAN_MIRROR: 'http://override.test/debian/' });
    expect({ status: run.status, out: run.stdout.trim() }).toEqual({ status: 0, out: 'http://override.test/debian' });
  });

  it('base-images.sh stops, saying what to set, when the machine has no bookworm source and DEBIAN_MIRROR is unset', () => {
    const run = printMirror(['http://mirror.test/debian/ trixie main']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('set DEBIAN_MIRROR');
  });
});
