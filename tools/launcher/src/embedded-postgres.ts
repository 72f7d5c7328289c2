/**
 * Embedded PostgreSQL (PGlite) as the launcher runs it where no PostgreSQL server answers: one database
 * per service, all served by one process of their own (embedded-postgres-server.ts), which the launcher
 * supervises like the other parts. This module holds how that process is started; it loads no PGlite.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One service's embedded database: where its files are, and the port its PostgreSQL listens on. */
export interface EmbeddedDatabase {
  service: string;
  dataDir: string;
  port: number;
}

/** What the server process is told: the address to listen on and the databases to serve. */
export interface EmbeddedServerPlan {
  host: string;
  databases: EmbeddedDatabase[];
}

/**
 * PostgreSQL settings of each embedded database, over PGlite's own start parameters. PGlite runs
 * PostgreSQL as WebAssembly, whose memory never shrinks: every page PostgreSQL touches once stays
 * resident. PGlite's initdb writes PostgreSQL's 128 MB of shared buffers into the data folder, and
 * PostgreSQL touches all of them at start: 145 MB of shared memory, resident per database, three
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

/**
 * Node's flags for the server process. V8 compiles PGlite's hot WebAssembly functions again,
 * optimised, on background threads while the databases run; those compilations' working memory peaks
 * at ~600 MB (V8's own count) and much of it stays with the allocator for good. One compilation task
 * at a time keeps that peak small; queries ran as fast (docs/deploy.md#memory). A small young
 * generation, as for every part.
 */
export const EMBEDDED_POSTGRES_NODE_FLAGS = ['--max-semi-space-size=1', '--wasm-num-compilation-tasks=1'];

/**
 * glibc's allocator settings for the server process: one arena for all its threads (V8's compiler
 * threads would otherwise each keep an arena at its peak), blocks of 1 MB and more mapped on their own
 * and handed back when freed, and free memory at the top of the heap handed back from 1 MB on.
 */
export const EMBEDDED_POSTGRES_MALLOC = {
  MALLOC_ARENA_MAX: '1',
  MALLOC_MMAP_THRESHOLD_: '1048576',
  MALLOC_TRIM_THRESHOLD_: '1048576',
} as const;

/** The command line and environment of the server process (over the launcher's environment). */
export function embeddedServerCommand(plan: EmbeddedServerPlan): { args: string[]; env: Record<string, string> } {
  const entry = fileURLToPath(new URL('./embedded-postgres-server.js', import.meta.url));
  return { args: [...EMBEDDED_POSTGRES_NODE_FLAGS, entry, JSON.stringify(plan)], env: { ...EMBEDDED_POSTGRES_MALLOC } };
}

/** The URL a service is given for its embedded database. */
export const embeddedUrl = (host: string, port: number) => `postgres://postgres@${host}:${port}/postgres`;

export const embeddedDataDir = (root: string, service: string) => join(root, 'pglite', service);

/** Whether a data folder holds a database already (PostgreSQL writes PG_VERSION there in initdb). */
export const holdsDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Runs initdb for each data folder that holds no database yet, in a short-lived process of its own
 * (embedded-postgres-init.ts), so that initdb's working memory (~200 MB) is given back when it ends;
 * resolves once they all exist, or fails with what that process said.
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
