import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** One embedded PostgreSQL (PGlite) served over a socket: one per service, since PGlite holds one database. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * PostgreSQL settings of each embedded database, over PGlite's own start parameters. PGlite runs in
 * the launcher's process as WebAssembly, whose memory never shrinks: every page PostgreSQL touches once
 * stays resident. PGlite's initdb writes PostgreSQL's 128 MB of shared buffers into the data folder,
 * and PostgreSQL touches all of them at start: 145 MB of shared memory, resident per database, three
 * databases. The tables live in files on disk, which the system's page cache keeps (counted in no
 * process), so PostgreSQL's own compiled-in default of 8 MB of buffers costs a demo shop nothing; one
 * session serves every connection (PGlite is single-user), so 10 connection slots size the lock and
 * process tables generously. Shared memory 12 MB instead of 145 MB: about 130 MB less resident per
 * database (PGlite 0.5.14, docs/deploy.md#memory). Sorts and index builds get bounds too, so that one
 * big query does not leave its peak resident for good.
 */
export const EMBEDDED_POSTGRES_SETTINGS = {
  shared_buffers: '8MB',
  max_connections: '10',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
  temp_buffers: '2MB',
} as const;

/** Whether a data folder holds a database already (PostgreSQL writes PG_VERSION there in initdb). */
export const holdsDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Runs initdb for each data folder that holds no database yet, in a short-lived process of its own
 * (embedded-postgres-init.ts); resolves once they all exist, or fails with what that process said.
 */
export async function initEmbeddedDataDirs(dataDirs: string[]): Promise<void> {
  const missing = dataDirs.filter((dataDir) => !holdsDatabase(dataDir));
  if (missing.length === 0) return;
  const entry = fileURLToPath(new URL('./embedded-postgres-init.js', import.meta.url));
  const child = spawn(process.execPath, [entry, ...missing], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`initdb of ${missing.join(', ')} failed (exit ${code}): ${said.trim().slice(-2_000)}`);
}

export async function startEmbeddedPostgres(dataDir: string, host: string, port: number): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const settings = Object.entries(EMBEDDED_POSTGRES_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const db = await PGlite.create(dataDir, { startParams: [...PGlite.defaultStartParams, ...settings] });
  // Each service keeps a pool; PGlite's socket server allows one connection unless told otherwise.
  const server = new PGLiteSocketServer({ db, host, port, maxConnections: 32 });
  await server.start();
  return {
    url: `postgres://postgres@${host}:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

export const embeddedDataDir = (root: string, service: string) => join(root, 'pglite', service);
