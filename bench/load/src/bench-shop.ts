/**
 * A shop of the benchmark's own, started as `npm start` starts it (the built launcher) with its own
 * instance prefix, ports and data folder, and removed afterwards: its databases, its JetStream stream
 * (with the consumers on it) and its data folder. It runs with the shop's default settings except
 * those the scenario asks for, and it prints every setting that differs from the defaults (with why).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startIsolatedShop, type IsolatedShop } from '@shop/testing';
import { recordSettings } from './results.js';
import { changedSettings, envOf, formatSettings, type BenchEnv, type ChangedSetting } from './settings.js';

export type { BenchEnv, Setting } from './settings.js';

const launcher = fileURLToPath(new URL('../../../tools/launcher/dist/main.js', import.meta.url));

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-secret' };

const ADMIN_ACCOUNT: BenchEnv = {
  ADMIN_EMAIL: { value: BENCH_ADMIN.email, why: "the bench's admin account, which stocks the catalog up" },
  ADMIN_PASSWORD: { value: BENCH_ADMIN.password, why: "the bench's admin account" },
};

export type BenchShop = IsolatedShop & {
  /** The settings it runs with that are not the defaults, as printed when it started. */
  settings: ChangedSetting[];
};

/**
 * Starts the shop, again on other ports when the launcher found one of its ports taken: between the
 * harness choosing free ports and the launcher taking them, other work on the machine (another bench,
 * a test, any outgoing connection's ephemeral port) may take one. A refused start leaves nothing behind.
 * A scenario that chooses ports itself gives `env` as a function, called again for each attempt.
 */
async function startWithFreshPorts(env: BenchEnv | (() => Promise<BenchEnv>), tree?: string, attempts = 3): Promise<{ shop: IsolatedShop; asked: BenchEnv }> {
  for (let attempt = 1; ; attempt++) {
    const asked: BenchEnv = { ...ADMIN_ACCOUNT, ...(typeof env === 'function' ? await env() : env) };
    try {
      return { shop: await startIsolatedShop(tree ? join(tree, 'tools/launcher/dist/main.js') : launcher, envOf(asked)), asked };
    } catch (error) {
      const again = typeof env === 'function' || asked.PORT === undefined;
      if (attempt >= attempts || !/already in use/.test(String(error)) || !again) throw error;
      console.log(`(a port of the shop was taken meanwhile; starting it again on other ports)`);
    }
  }
}

/**
 * Runs `work` against a fresh bench shop and removes the shop afterwards, also on failure, Ctrl-C or
 * SIGTERM. `env` holds the settings the scenario changes, each best with the reason
 * (`{ RATE_LIMIT_PER_MINUTE: { value: '0', why: '…' } }`); a plain string is printed as "asked by
 * the scenario"; a function makes them for each start (ports it chooses). Nothing else is changed: no
 * limit is lifted unless asked for here. The settings are printed once the shop started. `tree`: another
 * checkout's built shop to start instead of this one's (a tree before a change, measured beside it).
 */
export async function withBenchShop<T>(env: BenchEnv | (() => Promise<BenchEnv>), work: (shop: BenchShop) => Promise<T>, options: { tree?: string } = {}): Promise<T> {
  const { shop: started, asked } = await startWithFreshPorts(env, options.tree);
  const settings = changedSettings(asked);
  console.log(formatSettings(settings));
  recordSettings(settings);
  const shop: BenchShop = { ...started, settings };
  const interrupted = () => {
    void shop.remove().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await work(shop);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await shop.remove();
  }
}
