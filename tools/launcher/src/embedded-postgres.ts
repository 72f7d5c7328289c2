import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** One embedded PostgreSQL (PGlite) served over a socket: one per service, since PGlite holds one database. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string, host: string, port: number): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
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
