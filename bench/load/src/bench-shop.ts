/**
 * A shop of the benchmark's own, started as `npm start` starts it (the built launcher) with its own
 * instance prefix, ports and data folder, and removed afterwards: its databases, its JetStream stream
 * (with the consumers on it) and its data folder.
 */
import { fileURLToPath } from 'node:url';
import { startIsolatedShop, type IsolatedShop } from '@shop/testing';

const launcher = fileURLToPath(new URL('../../../tools/launcher/dist/main.js', import.meta.url));

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-secret' };

export type BenchShop = IsolatedShop;

/** Runs `work` against a fresh bench shop and removes the shop afterwards, also on failure, Ctrl-C or SIGTERM. */
export async function withBenchShop<T>(env: Record<string, string>, work: (shop: BenchShop) => Promise<T>): Promise<T> {
  // The auth burst signs 200 people up from one address: it measures capacity, not the sign-up limit.
  const shop = await startIsolatedShop(launcher, { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, SIGN_UP_MAX_PER_ADDRESS: '1000000', ...env });
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
