/**
 * The whole shop as `npm start` runs it (the built launcher), for tests that drive it from outside:
 * its own instance prefix, ports and data folder per test run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteStream, dropDatabases, eventually, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL } from './instance.js';

export interface RunningShop {
  /** The gateway's address, e.g. http://127.0.0.1:23000. */
  base: string;
  /** The launcher's base port; the parts listen on the ports after it (paypal stand-in: port + 4). */
  port: number;
  /** The launcher's process id (its children are the shop's parts). */
  pid: number;
  /** Everything the launcher printed so far. */
  output: () => string;
  /** Stops the shop as Ctrl-C does; resolves with the launcher's exit code. */
  stop: () => Promise<number | null>;
}

/** Whether `port` on the loopback interface can be listened on now, as the launcher will check it. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The kernel's ephemeral port range (outgoing connections' own ports): a listener cannot take a port an
 * outgoing connection holds, or held lately (TIME_WAIT), so base ports are chosen below it.
 */
function ephemeralPortsFrom(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A base port whose next `count - 1` ports are free too (the launcher takes PORT .. PORT + 13), chosen
 * between 20000 and the ephemeral range: after a test's thousands of requests, ports in that range are
 * held by connections in TIME_WAIT and the launcher would refuse them (issues ci, chaos, 2026-12-06).
 */
export async function freeBasePort(count = 14): Promise<number> {
  const highest = Math.max(20_000 + count, ephemeralPortsFrom()) - count;
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * (highest - 20_000));
    let free = true;
    for (let i = 0; i < count && free; i++) free = await portIsFree(base + i);
    if (free) return base;
  }
}

/**
 * Runs the launcher at `launcher` (tools/launcher/dist/main.js) with `env` over this process's
 * environment (PORT is required) and waits for "Shop ready at". Between choosing free ports
 * (freeBasePort) and the launcher taking them, anything else on the machine may take one (a browser, an
 * outgoing connection's ephemeral port): a start the launcher refuses for that is tried again on fresh
 * ports, twice at most; the shop's `base` and `port` say where it runs.
 */
export async function startShop(launcher: string, env: Record<string, string> & { PORT: string }, timeoutMs = 120_000): Promise<RunningShop> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startShopOnce(launcher, env, timeoutMs);
    } catch (error) {
      if (attempt >= 3 || !/already in use/.test(String(error))) throw error;
      // Room for replicas' ports too (PORT + 31..33 with REPLICAS=3).
      env = { ...env, PORT: String(await freeBasePort(40)) };
    }
  }
}

async function startShopOnce(launcher: string, env: Record<string, string> & { PORT: string }, timeoutMs: number): Promise<RunningShop> {
  let output = '';
  // As `npm start` runs it (package.json): the launcher only supervises, a small young generation is plenty.
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=1', launcher], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const until = Date.now() + timeoutMs;
  while (!output.includes('Shop ready at')) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGINT');
      throw new Error(`the shop did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base: `http://127.0.0.1:${env.PORT}`,
    port: Number(env.PORT),
    pid: child.pid ?? 0,
    output: () => output,
    stop: async () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

/** A shop of its own (see `startIsolatedShop`), with what removes it. */
export interface IsolatedShop extends RunningShop {
  prefix: string;
  /** Stops the shop and removes everything it made: its databases, its stream (with its consumers) and its data folder. */
  remove: () => Promise<void>;
}

/**
 * Starts the shop as `npm start` does with an instance of its own (a fresh prefix, free ports, a data
 * folder in the system's temporary folder) against the test PostgreSQL and NATS, quiet (warnings and
 * errors only, so that per-request log lines are not measured). `env` adds or overrides settings; with
 * DATABASE_URL or NATS_URL where nothing answers, the shop serves its own (embedded PGlite, a nats-server),
 * kept in its data folder, and removal removes that folder only.
 */
export async function startIsolatedShop(launcher: string, env: Record<string, string> = {}): Promise<IsolatedShop> {
  const prefix = testPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const port = await freeBasePort();
  // What the launcher said tells where its databases and stream are: embedded PGlite and its own
  // nats-server keep them in the data folder (when `env` points DATABASE_URL or NATS_URL where nothing answers).
  const removeData = async (said: string) => {
    if (!said.includes('serving embedded PostgreSQL')) {
      await dropDatabases(prefix).catch((error: unknown) => process.stderr.write(`could not drop ${prefix}_*: ${String(error)}\n`));
    }
    if (!said.includes('started nats-server')) {
      await deleteStream(prefix).catch((error: unknown) => process.stderr.write(`could not delete the stream of ${prefix}: ${String(error)}\n`));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let shop: RunningShop;
  try {
    shop = await startShop(launcher, {
      PORT: String(port),
      INSTANCE_PREFIX: prefix,
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DATABASE_URL,
      NATS_URL: TEST_NATS_URL,
      LOG_LEVEL: 'warn',
      ...env,
    });
  } catch (error) {
    // A shop that did not come up may still have made its databases and stream.
    await removeData(String(error));
    throw error;
  }
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    await shop.stop();
    await removeData(shop.output());
  };
  return { ...shop, prefix, remove };
}

/** What `killPart` saw: the killed process, the one started in its place, how long it took, what the launcher said meanwhile. */
export interface KilledPart {
  pid: number;
  newPid: number;
  backMs: number;
  said: string;
}

/**
 * Kills a part of a running shop with SIGKILL, as a crash would, or with `signal` (SIGTERM: as an
 * orchestrator stops it), its process id from the launcher's run folder,
 * `{DATA_DIR}/{prefix}/run/{part}.pid`, and waits until the launcher's output since the kill matches
 * `back` (e.g. /catalog\s+started again, ready/).
 */
export async function killPart(
  shop: RunningShop,
  runDir: string,
  part: string,
  back: RegExp,
  timeoutMs = 90_000,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<KilledPart> {
  const pidFile = join(runDir, `${part}.pid`);
  const pid = Number(readFileSync(pidFile, 'utf8'));
  const before = shop.output().length;
  const killedAt = Date.now();
  process.kill(pid, signal);
  await eventually(async () => (back.test(shop.output().slice(before)) ? true : undefined), timeoutMs, `${part} running again`);
  return { pid, newPid: Number(readFileSync(pidFile, 'utf8')), backMs: Date.now() - killedAt, said: shop.output().slice(before) };
}
