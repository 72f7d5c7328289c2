/**
 * `npm start`: everything the shop needs on one machine. Finds PostgreSQL and
 * NATS (or serves embedded ones), starts each service and the gateway with
 * its logs in the instance's data folder, prints one line per part as it
 * becomes ready, then the shop's URL. Ctrl-C stops everything cleanly.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NATS_SERVICES, natsServerConfigOf, type NatsService } from '@shop/contracts';
import { portAnswers, postgresAnswers, waitForOk } from './probes.js';
import { Child, lastLines, portIsFree, type SupervisionEvents } from './processes.js';
import type { MailCatcherPlan } from './mail-catcher.js';
import { checkSettings, describeLauncherSettings, lookAlikes, readSettings, type LauncherSettings } from './settings.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A part of the shop the launcher runs as its own process. */
interface Part {
  /** The process's name: the service's, with the replica's number from the second on (`catalog-2`). */
  name: string;
  /** The service it is a replica of (its database and NATS user are the service's). */
  service: string;
  /** The built program, relative to the repository. */
  entry: string;
  port: number;
  /** Path answering 200 once the part can serve. */
  readyPath: string;
  /** Where to ask it instead of `port` (gateways sharing PORT: each is asked on its own metrics port). */
  readyPort?: number;
  env: Record<string, string>;
  /** Needs its own database. */
  database: boolean;
  /** Other ports it listens on (the mail catcher's SMTP port), checked free before anything starts. */
  otherPorts?: number[];
  /** Its CPU priority as a nice value (STOREFRONT_NICE for the storefront servers); 0 by default. */
  niceness?: number;
  /** Arguments after the program (the mail catcher's plan). */
  args?: string[];
}

function say(part: string, text: string): void {
  process.stdout.write(`${part.padEnd(10)} ${text}\n`);
}

/**
 * What the launcher says when a supervised part exits unexpectedly and comes back: one line, with
 * the last lines of its log under it; once started again, whether it is ready.
 */
function supervision(name: string, logFile: string, readyUrl?: string): SupervisionEvents {
  return {
    exited(code, signal, delayMs) {
      const how = signal ?? `exit ${code}`;
      say(name, `stopped unexpectedly (${how}); starting it again in ${delayMs / 1000} s. Last lines of ${relative(repoRoot, logFile)}:`);
      for (const line of lastLines(logFile)) process.stdout.write(`          | ${line}\n`);
    },
    restarted() {
      if (!readyUrl) return say(name, 'started again');
      void waitForOk(readyUrl, 90_000, () => true).then((readiness) =>
        say(name, readiness.ok ? `started again, ready on ${new URL(readyUrl).origin}` : `started again, not ready: ${readiness.reason}`),
      );
    },
  };
}

function hidePassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The Node.js major the shop is built, tested and shipped on (package.json's engines, .nvmrc, the Dockerfile). */
const SUPPORTED_NODE_MAJOR = 24;

/** The client id and secret the PayPal stand-in accepts (it is PayPal's API for development only). */
const STAND_IN_CLIENT = { PAYPAL_CLIENT_ID: 'sb-stand-in', PAYPAL_CLIENT_SECRET: 'stand-in-secret' };

/** The services that run as REPLICAS processes each, and their port's offset from PORT (the first replica's). */
const SERVICE_OFFSETS = { catalog: 1, users: 2, orders: 3, storefront: 7 } as const;
type ReplicatedService = keyof typeof SERVICE_OFFSETS;

/** The mail catcher's CPU priority (nice): below every part of the shop. */
const MAIL_CATCHER_NICE = 10;

/** Whether `npm start` runs its own mail catcher: outside production, when no SMTP server is configured. */
const mailCatcherRuns = (settings: LauncherSettings): boolean => !settings.SMTP_URL && settings.NODE_ENV !== 'production';

/** Replica `n` (1, 2, …) of a service: PORT+1..3 and +7 for the first, PORT+21..23 and +27 for the second, PORT+31..33 and +37 for the third… */
const replicaPort = (port: number, service: ReplicatedService, n: number) => port + SERVICE_OFFSETS[service] + (n === 1 ? 0 : 10 * n);

function partsOf(settings: LauncherSettings): Part[] {
  const { PORT, HOST, REPLICAS } = settings;
  const base = (port: number) => `http://${HOST}:${port}`;
  const ports = { gateway: PORT, catalog: PORT + 1, users: PORT + 2, orders: PORT + 3, paypal: PORT + 4, smtp: PORT + 5, mailWeb: PORT + 6, metrics: PORT + 9 };
  const replicas = Array.from({ length: REPLICAS }, (_, index) => index + 1);
  const urlsOf = (service: ReplicatedService) => replicas.map((n) => base(replicaPort(PORT, service, n))).join(',');
  // A replica calls the replica of the same number of another service (users' profile asks orders,
  // catalog and orders fetch users' public keys): the calls spread, and none depends on one replica.
  const urlOf = (service: ReplicatedService, n: number) => base(replicaPort(PORT, service, n));
  const service = (name: string) => `services/${name}/dist/main.js`;
  // Outside production, without a PayPal API configured, payments go to the local stand-in.
  const standIn = !settings.PAYPAL_API_BASE && settings.NODE_ENV !== 'production';
  const paypal = standIn ? { PAYPAL_API_BASE: base(ports.paypal), ...STAND_IN_CLIENT } : {};
  const paypalOrigin = new URL(standIn ? base(ports.paypal) : 'https://www.paypal.com').origin;
  // Outside production, without an SMTP server configured, mails go to the local mail catcher (docs/mail.md).
  const catcher = mailCatcherRuns(settings);
  const mail = {
    ...(catcher ? { SMTP_URL: `smtp://${HOST}:${ports.smtp}` } : {}),
    ...(settings.PUBLIC_URL ? {} : { PUBLIC_URL: `http://localhost:${PORT}` }),
  };
  const serviceEnv: Record<Exclude<ReplicatedService, 'storefront'>, (n: number) => Record<string, string>> = {
    users: (n) => ({ ORDERS_URL: urlOf('orders', n), ...mail }),
    catalog: (n) => ({ USERS_URL: urlOf('users', n) }),
    orders: (n) => ({ USERS_URL: urlOf('users', n), ...paypal, ...mail }),
  };
  const parts: Part[] = (['users', 'catalog', 'orders'] as const).flatMap((name) =>
    replicas.map((n) => ({
      name: n === 1 ? name : `${name}-${n}`,
      service: name,
      entry: service(name),
      port: replicaPort(PORT, name, n),
      readyPath: '/ready',
      database: true,
      env: serviceEnv[name](n),
    })),
  );
  // The storefront server (services/storefront): the pages and the front end's files, behind the gateways.
  // Its renders read the catalog replica of its number, its forms and admin checks ask the users one.
  for (const n of replicas) {
    parts.push({
      name: n === 1 ? 'storefront' : `storefront-${n}`,
      service: 'storefront',
      entry: service('storefront'),
      niceness: settings.STOREFRONT_NICE,
      port: replicaPort(PORT, 'storefront', n),
      readyPath: '/ready',
      database: false,
      env: {
        CATALOG_URL: urlOf('catalog', n),
        USERS_URL: urlOf('users', n),
        PAYPAL_SDK_ORIGIN: paypalOrigin,
        PUBLIC_URL: settings.PUBLIC_URL ?? `http://localhost:${PORT}`,
      },
    });
  }
  // REPLICAS gateways share PORT (SO_REUSEPORT), so that one restarts while the others serve
  // (docs/operations.md, "Draining"); each has its own metrics port: PORT+9, PORT+29, PORT+39…
  for (const n of replicas) {
    const metricsPort = ports.metrics + (n === 1 ? 0 : 10 * n);
    parts.push({
      name: n === 1 ? 'gateway' : `gateway-${n}`,
      service: 'gateway',
      entry: service('gateway'),
      port: ports.gateway,
      // Several share PORT: the answer there may be another's, so each is asked on its metrics port.
      ...(REPLICAS > 1 ? { readyPath: '/metrics', readyPort: metricsPort } : { readyPath: '/health' }),
      database: false,
      // Prometheus reads the gateway's metrics on a port of their own (docs/operations.md, "Metrics").
      otherPorts: [metricsPort],
      env: {
        CATALOG_URL: urlsOf('catalog'),
        USERS_URL: urlsOf('users'),
        ORDERS_URL: urlsOf('orders'),
        STOREFRONT_URL: urlsOf('storefront'),
        PAYPAL_SDK_ORIGIN: paypalOrigin,
        METRICS_PORT: String(metricsPort),
        ...(REPLICAS > 1 ? { REUSE_PORT: 'true' } : {}),
      },
    });
  }
  if (standIn) {
    parts.unshift({ name: 'paypal', service: 'paypal', entry: 'tools/paypal-stand-in/dist/main.js', port: ports.paypal, readyPath: '/health', database: false, env: STAND_IN_CLIENT });
  }
  if (catcher) {
    // The shop's own small catcher (mail-catcher.ts): SMTP on PORT+5, its page and MailDev's REST API on PORT+6.
    const plan: MailCatcherPlan = {
      host: HOST,
      smtpPort: ports.smtp,
      webPort: ports.mailWeb,
      // Kept in the instance's data folder, so a restart of the catcher keeps what it caught; the newest 1,000.
      mailDir: resolve(repoRoot, settings.DATA_DIR, settings.INSTANCE_PREFIX, 'mail'),
      maxMails: 1000,
    };
    parts.unshift({
      name: 'mail',
      service: 'mail',
      entry: relative(repoRoot, fileURLToPath(new URL('./mail-catcher-server.js', import.meta.url))),
      args: [JSON.stringify(plan)],
      port: ports.mailWeb,
      otherPorts: [ports.smtp],
      readyPath: '/api/healthz',
      database: false,
      env: {},
      // A development tool that stands for another machine's SMTP relay: under a sale it yields the CPU
      // to the shop's parts (issue 44: it took 17-19 % of a core beside the order pipeline), and catches
      // up on a quiet one. The services wait for its answers off their event loops (the mail thread).
      niceness: MAIL_CATCHER_NICE,
    });
  }
  return parts;
}

async function main(): Promise<void> {
  // Everything (.env, DATA_DIR, the services' SHELL_DIR and MF_REMOTES folders) is relative to the
  // repository, wherever the launcher was started from.
  process.chdir(repoRoot);
  if (process.argv[2] === 'check-settings') return checkSettings();
  if (process.argv[2] === 'describe-settings') return describeLauncherSettings();
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < SUPPORTED_NODE_MAJOR) {
    say('launcher', `runs on Node.js ${process.versions.node}; the shop ships on Node.js ${SUPPORTED_NODE_MAJOR} LTS (\`. tools/node/use-node24.sh\` brings it)`);
  }
  let settings: LauncherSettings;
  try {
    settings = readSettings();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  for (const { name, closest } of lookAlikes()) process.stderr.write(`shop      ${name} is set but no part of the shop reads it; did you mean ${closest}?\n`);
  const dataDir = resolve(repoRoot, settings.DATA_DIR, settings.INSTANCE_PREFIX);
  const logDir = join(dataDir, 'logs');
  // The process id of each running part, for operators: kill -9 "$(cat .data/shop/run/catalog.pid)".
  const runDir = join(dataDir, 'run');
  const parts = partsOf(settings);
  // Every port the parts listen on must be free before anything starts, or is made (no folder is left behind).
  const taken = [];
  for (const part of parts) {
    for (const port of [part.port, ...(part.otherPorts ?? [])]) if (!(await portIsFree(settings.HOST, port))) taken.push(`${port} (${part.name})`);
  }
  if (taken.length > 0) {
    say('shop', `cannot start: port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} on ${settings.HOST} already in use; stop what uses them or set PORT`);
    process.exit(1);
  }
  mkdirSync(logDir, { recursive: true });
  const children: Child[] = [];
  // Embedded PostgreSQL, when it serves: stopped after every other part, which may still write while they stop.
  let embeddedPostgres: Child | undefined;
  let stopping = false;

  async function stopAll(code: number): Promise<never> {
    if (stopping) process.exit(code);
    stopping = true;
    await Promise.all([...children].reverse().map((child) => child.stop()));
    await embeddedPostgres?.stop();
    process.exit(code);
  }
  process.on('SIGINT', () => {
    process.stdout.write('\nstopping…\n');
    void stopAll(0);
  });
  process.on('SIGTERM', () => void stopAll(0));

  // PostgreSQL: the configured server, else embedded PGlite, one per service.
  const databaseEnv = new Map<string, Record<string, string>>();
  if (await postgresAnswers(settings.DATABASE_URL)) {
    say('postgres', `PostgreSQL at ${hidePassword(settings.DATABASE_URL)}`);
    for (const part of parts) databaseEnv.set(part.service, { DATABASE_URL: settings.DATABASE_URL });
  } else {
    const { embeddedDataDir, embeddedServerCommand, embeddedUrl, initEmbeddedDataDirs } = await import('./embedded-postgres.js');
    const root = join(dataDir, 'pglite');
    say('postgres', `nothing answers at ${hidePassword(settings.DATABASE_URL)}: serving embedded PostgreSQL (PGlite) from ${relative(repoRoot, root)}`);
    if (settings.REPLICAS > 1) {
      // PGlite is one PostgreSQL session for every connection: replicas' locks (migrations, payment sweeps) would not hold.
      say('postgres', `REPLICAS=${settings.REPLICAS} needs a PostgreSQL server (DATABASE_URL); embedded PGlite serves one replica of each service`);
      process.exit(1);
    }
    // One database per service on PORT+11, +12, +13, served by a process of its own (embedded-postgres-server.ts).
    const databases = parts
      .filter((part) => part.database)
      .map((part, n) => ({ service: part.service, dataDir: embeddedDataDir(dataDir, part.service), port: settings.PORT + 11 + n }));
    const takenPorts = [];
    for (const database of databases) if (!(await portIsFree(settings.HOST, database.port))) takenPorts.push(`${database.port} (${database.service}'s database)`);
    if (takenPorts.length > 0) {
      say('postgres', `cannot serve embedded PostgreSQL: port${takenPorts.length > 1 ? 's' : ''} ${takenPorts.join(', ')} on ${settings.HOST} already in use; stop what uses them or set PORT`);
      await stopAll(1);
    }
    try {
      await initEmbeddedDataDirs(databases.map((database) => database.dataDir));
    } catch (error) {
      say('postgres', (error as Error).message);
      await stopAll(1);
    }
    const command = embeddedServerCommand({ host: settings.HOST, databases });
    const postgresLog = join(logDir, 'postgres.log');
    embeddedPostgres = new Child('postgres', process.execPath, command.args, { ...process.env, ...command.env }, postgresLog, supervision('postgres', postgresLog), join(runDir, 'postgres.pid'));
    embeddedPostgres.start();
    const urls = databases.map((database) => embeddedUrl(settings.HOST, database.port));
    const until = Date.now() + 90_000;
    while (!(await Promise.all(urls.map((url) => postgresAnswers(url)))).every(Boolean)) {
      if (stopping) return;
      if (Date.now() > until) {
        say('postgres', `embedded PostgreSQL did not answer within 90 s; see ${relative(repoRoot, postgresLog)}`);
        await stopAll(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const [n, database] of databases.entries()) {
      databaseEnv.set(database.service, {
        DATABASE_URL: urls[n],
        DATABASE_NAME: 'postgres',
        DATABASE_POOL_SIZE: '4',
        // PGlite serves every connection in one session: a statement one prepared would be "already" there for the next.
        DATABASE_PREPARED_STATEMENTS: 'false',
      });
    }
  }

  // NATS: the configured server, else a local nats-server with JetStream.
  const natsServers = settings.NATS_URL.split(',').map((url) => url.trim());
  const nats = new URL(natsServers[0]);
  const natsEnv = new Map<string, Record<string, string>>();
  const natsPort = Number(nats.port || 4222);
  const answering = await Promise.all(natsServers.map((server) => portAnswers(new URL(server).hostname, Number(new URL(server).port || 4222))));
  if (answering.some(Boolean)) {
    say('nats', `NATS at ${settings.NATS_URL}`);
  } else if (natsServers.length > 1) {
    say('nats', `no NATS server answers at ${settings.NATS_URL}; npm start starts its own only for a single NATS_URL`);
    await stopAll(1);
  } else if (spawnSync('nats-server', ['--version']).status === 0) {
    const store = join(dataDir, 'nats');
    // Its own NATS gets a user per service, allowed only that service's subjects (natsPermissionsOf),
    // with passwords new at every start, kept only in this file and the services' environment.
    const passwords = Object.fromEntries(NATS_SERVICES.map((name) => [name, randomBytes(24).toString('base64url')])) as Record<NatsService, string>;
    const configFile = join(dataDir, 'nats.conf');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      configFile,
      natsServerConfigOf({ host: nats.hostname, port: natsPort, storeDir: store, prefix: settings.INSTANCE_PREFIX, passwords }),
      { mode: 0o600 },
    );
    for (const name of NATS_SERVICES) natsEnv.set(name, { NATS_USER: name, NATS_PASSWORD: passwords[name] });
    const natsLog = join(logDir, 'nats.log');
    const child = new Child('nats', 'nats-server', ['-c', configFile], process.env, natsLog, supervision('nats', natsLog), join(runDir, 'nats.pid'));
    children.push(child);
    child.start();
    const until = Date.now() + 10_000;
    while (!(await portAnswers(nats.hostname, natsPort)) && Date.now() < until && child.restarts === 0) {
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!(await portAnswers(nats.hostname, natsPort))) {
      say('nats', `could not start nats-server; see ${relative(repoRoot, child.logFile)}`);
      await stopAll(1);
    }
    say('nats', `started nats-server with JetStream at ${settings.NATS_URL}, a user per service (config ${relative(repoRoot, configFile)})`);
  } else {
    say('nats', `no NATS server at ${settings.NATS_URL} and no nats-server on the PATH: install one (apt-get install nats-server) or set NATS_URL`);
    await stopAll(1);
  }

  // The services and the gateway, all at once; each reports when ready.
  const results = await Promise.all(
    parts.map(async (part) => {
      const logFile = join(logDir, `${part.name}.log`);
      const env = {
        // glibc hands memory blocks of 1 MB and more straight back to the system when freed, instead of
        // raising that threshold to the largest block seen and keeping such blocks (argon2's 19 MB work
        // areas would otherwise stay resident in the users service after every sign-in).
        MALLOC_MMAP_THRESHOLD_: '1048576',
        ...process.env,
        ...databaseEnv.get(part.service),
        ...natsEnv.get(part.service),
        ...part.env,
        PORT: String(part.port),
        HOST: settings.HOST,
        INSTANCE_PREFIX: settings.INSTANCE_PREFIX,
        NATS_URL: settings.NATS_URL,
        LOG_LEVEL: settings.LOG_LEVEL,
        UPLOAD_DIR: process.env.UPLOAD_DIR ?? join(dataDir, 'uploads'),
      };
      const readyUrl = `http://${settings.HOST}:${part.readyPort ?? part.port}${part.readyPath}`;
      const args = [...settings.SERVICE_NODE_FLAGS, join(repoRoot, part.entry), ...(part.args ?? [])];
      const child = new Child(part.name, process.execPath, args, env, logFile, supervision(part.name, logFile, readyUrl), join(runDir, `${part.name}.pid`), part.niceness);
      children.push(child);
      child.start();
      const readiness = await waitForOk(readyUrl, 90_000, () => !stopping);
      if (readiness.ok) say(part.name, `ready on http://${settings.HOST}:${part.port}  (log ${relative(repoRoot, logFile)})`);
      else if (!stopping) say(part.name, `not ready after 90 s: ${readiness.reason}; see ${relative(repoRoot, logFile)}`);
      return readiness.ok;
    }),
  );
  if (!results.every(Boolean)) {
    say('shop', 'could not start every part; stopping');
    await stopAll(1);
  }
  process.stdout.write(`\nShop ready at http://localhost:${settings.PORT}  (Ctrl-C stops it)\n`);
  if (mailCatcherRuns(settings)) process.stdout.write(`Mails it sends: http://localhost:${settings.PORT + 6}\n`);
}

await main();
