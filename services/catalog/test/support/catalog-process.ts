import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteStream, dropDatabases, testPrefix, TestTokenIssuer, TEST_DATABASE_URL, TEST_NATS_URL } from '@shop/testing';

/** The built catalog (`npx nx build @shop/catalog`), as the launcher and the image run it. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = join(ROOT, 'dist/main.js');

/** The built catalog running as a process of its own, for tests that measure the process (its memory). */
export interface CatalogProcess {
  base: string;
  pid: number;
  admin: { Authorization: string };
  /** VmRSS and VmHWM (the peak since it started) of the process, in MiB. */
  memory(): { rssMiB: number; peakMiB: number };
  output(): string;
  /** Stops it and removes its databases, stream and folder. */
  stop(): Promise<void>;
}

/** Reads a process's resident memory from /proc, in MiB. */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kb('VmRSS') / 1024, peakMiB: kb('VmHWM') / 1024 };
}

/**
 * Starts `node dist/main.js` with the environment the Dockerfile and the launcher give it
 * (`--max-semi-space-size=2`, glibc handing blocks of 1 MB and more back when freed), its own instance
 * prefix, port, image folder and databases, and waits until it is ready.
 */
export async function startCatalogProcess(env: Record<string, string> = {}): Promise<CatalogProcess> {
  // `npm test` builds every project before it tests; run alone, build first (npx nx build @shop/catalog).
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the catalog first (npx nx build @shop/catalog)`);
  // A port free a moment ago may be taken before the catalog listens (other tests run on this machine): try another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(await freePort(), env);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** A port nothing listens on: the one the system gives a server of its own, closed again. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

async function startOnce(port: number, env: Record<string, string>): Promise<CatalogProcess> {
  const prefix = testPrefix();
  const uploadDir = mkdtempSync(join(tmpdir(), 'catalog-process-'));
  const issuer = await TestTokenIssuer.start();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=2', MAIN], {
    env: {
      PATH: process.env.PATH,
      MALLOC_MMAP_THRESHOLD_: '1048576',
      NODE_ENV: 'test',
      INSTANCE_PREFIX: prefix,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: TEST_DATABASE_URL,
      NATS_URL: TEST_NATS_URL,
      JWKS_URL: issuer.jwksUrl,
      UPLOAD_DIR: uploadDir,
      SEED_DEMO_CATALOG: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await issuer.stop();
    rmSync(uploadDir, { recursive: true, force: true });
    await dropDatabases(prefix);
    await deleteStream(prefix);
  };
  const until = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${base}/ready`).then((res) => res.ok).catch(() => false);
    if (ready) break;
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`the catalog did not start:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  const token = await issuer.sign({ sub: randomUUID(), name: 'Ada Admin', email: 'admin@example.com', isAdmin: true, sv: 1 });
  return { base, pid: child.pid ?? 0, admin: { Authorization: `Bearer ${token}` }, memory: () => memoryOf(child.pid ?? 0), output: () => output, stop };
}
