/**
 * The embedded PostgreSQL process `npm start` runs where no PostgreSQL server answers: one PGlite per
 * service, each served over a socket on its own port to the plain `pg` driver. Started by the launcher
 * (embedded-postgres.ts: its databases as JSON in the first argument, Node's flags and the allocator's
 * settings), supervised by it like every part, and stopped by it with SIGTERM once the services have
 * stopped. Ctrl-C in a terminal reaches every process of the group at once: this one waits for the
 * launcher's SIGTERM instead, so the services can still write while they stop.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { EMBEDDED_POSTGRES_SETTINGS, type EmbeddedServerPlan } from './embedded-postgres.js';
import { EMBEDDED_POSTGRES_EXTENSIONS } from './embedded-postgres-extensions.js';
import { shareNotifications } from './embedded-postgres-notify.js';
import { keepExtendedQueriesWhole } from './embedded-postgres-queue.js';

interface Serving {
  service: string;
  db: PGlite;
  server: PGLiteSocketServer;
}

const plan = JSON.parse(process.argv[2] ?? '') as EmbeddedServerPlan;
const startParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(EMBEDDED_POSTGRES_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];
const serving: Serving[] = [];
let stopped: Promise<never> | undefined;

function stop(): Promise<never> {
  stopped ??= (async () => {
    for (const { service, db, server } of serving) {
      await server.stop().catch((error: unknown) => process.stderr.write(`${service}: ${String(error)}\n`));
      await db.close().catch((error: unknown) => process.stderr.write(`${service}: ${String(error)}\n`));
    }
    process.stdout.write('stopped\n');
    return process.exit(0);
  })();
  return stopped;
}

process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => undefined);
// Without its launcher (killed, so never sending SIGTERM) it stops by itself.
const launcher = process.ppid;
setInterval(() => {
  if (process.ppid !== launcher) void stop();
}, 1_000).unref();

for (const { service, dataDir, port } of plan.databases) {
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { startParams, extensions: EMBEDDED_POSTGRES_EXTENSIONS });
  // Each service keeps a pool; PGlite's socket server allows one connection unless told otherwise.
  const server = new PGLiteSocketServer({ db, host: plan.host, port, maxConnections: 32 });
  keepExtendedQueriesWhole(server);
  shareNotifications(server);
  await server.start();
  serving.push({ service, db, server });
  process.stdout.write(`${service}: serving ${dataDir} on ${plan.host}:${port}\n`);
}
