/**
 * The whole stack idle, as a newcomer's `npm start` runs it on a machine without a PostgreSQL server or a
 * NATS server: the launcher serving embedded PGlite (in its own process) and starting its own nats-server,
 * the PayPal stand-in, catalog, users, orders and the gateway. Resident memory of every one of those
 * processes after the shop has been ready for a while (BENCH_IDLE_SECONDS, default 15) and has served one
 * visit of each kind of page, as an operator sees it between rushes. The target is 600 MB for everything
 * together.
 */
import { freeBasePort } from '@shop/testing';
import { withBenchShop, BENCH_ADMIN } from '../bench-shop.js';
import { ShopClient } from '../http.js';
import { shopMemory } from '../processes.js';
import { allProducts, signIn } from '../shop-actions.js';
import { formatTable, sleep } from '../stats.js';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);

/** Settings of the launcher's that change memory, when the bench's own environment sets them. */
const INHERITED = ['SERVICE_NODE_FLAGS', 'NODE_OPTIONS', 'NODE_ENV', 'LOG_LEVEL', 'PAYPAL_API_BASE', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_ARENA_MAX', 'GOMEMLIMIT'];

export async function idleMemory(): Promise<void> {
  console.log(`\n== Idle memory: every process npm start runs (own PGlite and nats-server), ${IDLE_SECONDS} s after one visit of each kind`);
  // The launcher takes PORT .. PORT+13; PostgreSQL and NATS are looked for on the two ports after them,
  // where nothing answers: so it serves embedded PGlite and starts its own nats-server on PORT+15.
  const port = await freeBasePort(16);
  const own = {
    PORT: String(port),
    DATABASE_URL: `postgres://postgres@127.0.0.1:${port + 14}/postgres`,
    NATS_URL: `nats://127.0.0.1:${port + 15}`,
    // npm start's default; the other scenarios run with warn so that per-request log lines are not measured.
    LOG_LEVEL: 'info',
  };
  await withBenchShop(own, async (shop) => {
    const said = shop.output();
    if (!said.includes('serving embedded PostgreSQL (PGlite)') || !said.includes('started nats-server')) {
      throw new Error(`the bench shop did not serve its own PGlite and nats-server:\n${said}`);
    }
    const client = new ShopClient(shop.base);
    const products = await allProducts(client);
    await client.expect(200, 'GET', `/api/products/${products[0]._id}`);
    await client.expect(200, 'GET', '/api/products/top');
    const admin = await signIn(client, BENCH_ADMIN.email, BENCH_ADMIN.password);
    await client.expect(200, 'GET', '/api/orders', { token: admin.token });
    await client.expect(200, 'GET', '/api/users', { token: admin.token });
    await client.expect(200, 'GET', '/', { headers: { accept: 'text/html' } });
    await client.close();
    await sleep(IDLE_SECONDS * 1000);
    const processes = shopMemory(shop.pid);
    const sum = (field: 'rssMb' | 'pssMb' | 'anonMb') => processes.reduce((total, process) => total + process[field], 0);
    const mb = (value: number) => value.toFixed(0);
    console.log(
      formatTable(
        ['process', 'pid', 'resident MB', 'proportional MB', 'anonymous MB'],
        [
          ...processes.map((process) => [process.part, process.pid, mb(process.rssMb), mb(process.pssMb), mb(process.anonMb)]),
          [`whole stack (${processes.length} processes)`, '', mb(sum('rssMb')), mb(sum('pssMb')), mb(sum('anonMb'))],
        ],
      ),
    );
    console.log(
      'resident: each process\'s pages in RAM, the pages it shares with the others (node\'s binary and libraries) counted in every one;\n' +
        'proportional: a shared page divided among its sharers, so that column adds up to what the stack takes; anonymous: heaps, stacks, WebAssembly memory.\n' +
        'The launcher\'s line includes embedded PGlite (one per service, inside the launcher process).',
    );
    const inherited = INHERITED.filter((name) => process.env[name] !== undefined).map((name) => `${name}=${process.env[name]}`);
    console.log(
      `Settings that differ from a plain \`npm start\`: PORT=${port} (parts on ${port}..${port + 13}), INSTANCE_PREFIX=${shop.prefix}, DATA_DIR in the system's temporary folder, ` +
        `DATABASE_URL=${own.DATABASE_URL} and NATS_URL=${own.NATS_URL} (nothing answers there: embedded PGlite and an own nats-server, as on a machine without them), ` +
        `ADMIN_EMAIL=${BENCH_ADMIN.email}, ADMIN_PASSWORD set, SIGN_UP_MAX_PER_ADDRESS=1000000` +
        (inherited.length > 0 ? `; from the bench's environment: ${inherited.join(' ')}` : ''),
    );
  });
}
