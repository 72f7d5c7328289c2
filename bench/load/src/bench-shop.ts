/**
 * A shop of the benchmark's own, started as `npm start` starts it (the built launcher) with its own
 * instance prefix, ports and data folder, and removed afterwards: its databases, its JetStream stream
 * (with the consumers on it) and its data folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteStream, dropDatabases, freeBasePort, startShop, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL, type RunningShop } from '@shop/testing';

const launcher = fileURLToPath(new URL('../../../tools/launcher/dist/main.js', import.meta.url));

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-secret' };

export interface BenchShop extends RunningShop {
  prefix: string;
  /** Stops the shop and removes everything it made. */
  remove: () => Promise<void>;
}

/**
 * Starts a bench shop. `env` adds settings (RATE_LIMIT_PER_MINUTE and the like); the services log
 * warnings and errors only, so that the figures do not measure per-request log lines.
 */
export async function startBenchShop(env: Record<string, string> = {}): Promise<BenchShop> {
  const prefix = testPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const port = await freeBasePort();
  const shop = await startShop(launcher, {
    PORT: String(port),
    INSTANCE_PREFIX: prefix,
    DATA_DIR: dataDir,
    DATABASE_URL: TEST_DATABASE_URL,
    NATS_URL: TEST_NATS_URL,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
    ...env,
  });
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    await shop.stop();
    await dropDatabases(prefix).catch((error: unknown) => console.error(`could not drop ${prefix}_*: ${String(error)}`));
    await deleteStream(prefix).catch((error: unknown) => console.error(`could not delete the stream of ${prefix}: ${String(error)}`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { ...shop, prefix, remove };
}

/** Runs `work` against a fresh bench shop and removes the shop afterwards, also on failure or Ctrl-C. */
export async function withBenchShop<T>(env: Record<string, string>, work: (shop: BenchShop) => Promise<T>): Promise<T> {
  const shop = await startBenchShop(env);
  const interrupted = () => {
    void shop.remove().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  try {
    return await work(shop);
  } finally {
    process.off('SIGINT', interrupted);
    await shop.remove();
  }
}
