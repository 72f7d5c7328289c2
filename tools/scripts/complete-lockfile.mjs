#!/usr/bin/env node
// The npm registry reachable from the project's machines holds only the
// Linux builds of some native packages (@swc/core, nx, unrs-resolver), so a
// lockfile written here lacks the other platforms' optional packages and
// `npm ci` refuses it as "out of sync". This script records every optional
// platform package that a locked package declares but the lockfile lacks,
// with the os/cpu/libc read from its name, so `npm ci` skips it as foreign.
// Run it after every `npm install` that changes package-lock.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
// A Map: the words looked up are parts of package names, and `constructor` or `toString` must be no CPU.
const CPU = new Map(Object.entries({ arm64: 'arm64', aarch64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', ppc64: 'ppc64', s390x: 's390x', loong64: 'loong64', riscv64: 'riscv64', wasm32: 'wasm32' }));

/** The os, cpu and libc a platform package's name says (`@nx/nx-linux-x64-gnu`); os or cpu undefined for any other package. */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.map((part) => CPU.get(part)).find(Boolean);
  const libc = parts.some((part) => part.startsWith('musl')) ? 'musl' : parts.some((part) => part.startsWith('gnu')) ? 'glibc' : undefined;
  return { os, cpu, libc };
}

/** Records in `lock` every optional platform package a locked package declares and the lockfile lacks; answers how many. */
export function completeLockfile(lock) {
  let added = 0;
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const base = path === '' ? '' : `${path}/`;
      const nested = `${base}node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[hoisted]) continue;
      const { os, cpu, libc } = platformOf(name);
      if (!os || !cpu) continue; // not a platform build: leave it to npm
      lock.packages[hoisted] = {
        version: range.replace(/^[\^~=]/, ''),
        cpu: [cpu],
        ...(entry.dev ? { dev: true } : {}),
        ...(libc ? { libc: [libc] } : {}),
        optional: true,
        os: [os],
      };
      added += 1;
    }
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  return added;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lockPath = new URL('../../package-lock.json', import.meta.url);
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  const added = completeLockfile(lock);
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lockfile: recorded ${added} foreign platform package(s)`);
}
