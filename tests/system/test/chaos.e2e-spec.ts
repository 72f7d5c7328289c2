/**
 * Chaos: the shop as `REPLICAS=2 npm start` runs it (the built launcher, supervising every part), on a
 * PostgreSQL cluster of the test's own, with 20 customers ordering and browsing without pause while,
 * in turn, a catalog process, an orders process and a users process are killed with SIGKILL, the NATS
 * server is killed with SIGKILL and PostgreSQL crashes and restarts. Afterwards every order the
 * customers have is final, the stock is the initial stock less what the confirmed orders took (no
 * reservation applied twice, none lost), and every part is running again. A GET never fails because
 * one replica died: the gateway retries it on the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually, freeBasePort, freePort, killPart, startShop, testPrefix, TestPostgresServer, type RunningShop } from '@shop/testing';
import { callApi, settledOrdersAndStock } from '../src/api.js';

const launcher = fileURLToPath(new URL('../../../tools/launcher/dist/main.js', import.meta.url));
const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const CUSTOMERS = 20;
const STOCK = 100_000;

type Phase = 'steady' | 'catalog killed' | 'orders killed' | 'users killed' | 'NATS killed' | 'PostgreSQL restarted' | 'after';
/** The faults in which one replica of a service died while the other lived: no GET may fail then. */
const REPLICA_FAULTS: Phase[] = ['catalog killed', 'orders killed', 'users killed'];

interface Outcome {
  phase: Phase;
  request: string;
  /** The HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
}
const failed = (outcome: Outcome) => outcome.status === 0 || outcome.status >= 500;

describe('chaos: two replicas of each service, processes killed and PostgreSQL restarted under load', () => {
  let postgres: TestPostgresServer;
  let shop: RunningShop;
  let dataDir: string;
  let runDir: string;
  let port: number;
  const prefix = testPrefix();

  beforeAll(async () => {
    postgres = await TestPostgresServer.start({ max_connections: 300 });
    dataDir = mkdtempSync(join(tmpdir(), 'shop-chaos-'));
    runDir = join(dataDir, prefix, 'run');
    port = await freeBasePort(40);
    shop = await startShop(
      launcher,
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        INSTANCE_PREFIX: prefix,
        DATABASE_URL: postgres.url,
        // Nothing answers there: the launcher starts (and supervises) a nats-server of its own.
        NATS_URL: `nats://127.0.0.1:${await freePort()}`,
        REPLICAS: '2',
        LOG_LEVEL: 'warn',
        SEED_DEMO_CATALOG: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // Every customer comes from one address here; the limits have their own tests.
        SIGN_UP_MAX_PER_ADDRESS: '100000',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      180_000,
    );
  }, 240_000);

  afterAll(async () => {
    const code = await shop?.stop();
    if (code !== 0) process.stdout.write(`launcher exited ${code}:\n${shop?.output().slice(-5_000)}\n`);
    // The databases live in the private cluster and the stream in the launcher's own NATS store.
    await postgres?.dispose();
    // SHOP_TEST_KEEP_LOGS=1 keeps the parts' logs (and the NATS store) for a look after the run.
    if (process.env.SHOP_TEST_KEEP_LOGS) process.stdout.write(`chaos: logs kept in ${join(dataDir, prefix, 'logs')}\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(`${shop.base}${path}`, method, body, token, 15_000);

  /** Kills a part with SIGKILL; resolves once the launcher has it running and ready again, with how long that took. */
  async function kill(part: string, back: RegExp): Promise<number> {
    const { pid, newPid, backMs } = await killPart(shop, runDir, part, back);
    expect(newPid).not.toBe(pid);
    return backMs;
  }

  /** Waits until the gateway says every service answers and is ready. */
  const wholeShopReady = () => eventually(async () => ((await call('GET', '/api/health').catch(() => ({ status: 0 }))).status === 200 ? true : undefined), 90_000, 'the whole shop ready');

  it('keeps every order final, the stock exact and the GETs answered, and brings every part back', async () => {
    const adminToken = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
    const sample = await call<ProductDto>('POST', '/api/products', undefined, adminToken);
    const edit = { name: 'Chaos lamp', price: 20, image: '/uploads/sample.svg', brand: 'Test', category: 'Test', countInStock: STOCK, description: 'Survives.' };
    const product = (await call<ProductDto>('PUT', `/api/products/${sample.body._id}`, edit, adminToken)).body;
    const tokens = await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, n) => {
        const signedUp = await call<UserInfoDto>('POST', '/api/users', { name: `Customer ${n}`, email: `chaos-${n}@example.com`, password: 'customer-secret' });
        expect(signedUp.status).toBe(201);
        return signedUp.body.token;
      }),
    );
    const order = { orderItems: [{ product: product._id, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };
    // Orders learns of the product from catalog's events.
    await eventually(async () => ((await call('POST', '/api/orders', order, tokens[0])).status === 201 ? true : undefined), 30_000, 'orders to know the product');

    let phase: Phase = 'steady';
    let running = true;
    const outcomes: Outcome[] = [];
    const attempt = async (request: string, method: string, path: string, body?: unknown, token?: string) => {
      const { status } = await call(method, path, body, token).catch(() => ({ status: 0 }));
      // Counted in the phase it ended in: a request cut by a fault belongs to that fault.
      outcomes.push({ phase, request, status });
    };
    // Each customer places an order, looks at the product, at their orders and at their profile, again and again.
    const customers = tokens.map(async (token) => {
      while (running) {
        await attempt('POST /api/orders', 'POST', '/api/orders', order, token);
        await attempt('GET /api/products/:id', 'GET', `/api/products/${product._id}`);
        await attempt('GET /api/orders/mine', 'GET', '/api/orders/mine', undefined, token);
        await attempt('GET /api/users/profile', 'GET', '/api/users/profile', undefined, token);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const back: Record<string, number> = {};

    await pause(3_000);
    for (const [part, service] of [
      ['catalog', 'catalog'],
      ['orders-2', 'orders'],
      ['users', 'users'],
    ] as const) {
      phase = `${service} killed`;
      back[part] = await kill(part, new RegExp(`${part}\\s+started again, ready`));
      await pause(2_000);
    }
    phase = 'NATS killed';
    back.nats = await kill('nats', /nats\s+started again/);
    await wholeShopReady();
    await pause(2_000);
    // PostgreSQL crashes (every backend killed), stays down for 3 s, then recovers from its WAL.
    phase = 'PostgreSQL restarted';
    const crashedAt = Date.now();
    await postgres.stop('immediate');
    await pause(3_000);
    await postgres.restart();
    await wholeShopReady();
    back.postgres = Date.now() - crashedAt;
    phase = 'after';
    await pause(3_000);
    running = false;
    await Promise.all(customers);

    // Every order each customer has (placed with an answer or not) reaches a final state.
    const { orders, confirmed, stock } = await settledOrdersAndStock(call, tokens, product._id, STOCK);

    // In the databases: one reservation per confirmed order, and the orders service knows no order the customers do not.
    const query = async <R extends pg.QueryResultRow>(service: string, sql: string) => {
      const client = new pg.Client({ connectionString: postgres.url.replace(/\/postgres$/, `/${prefix}_${service}`) });
      await client.connect();
      try {
        return (await client.query<R>(sql)).rows;
      } finally {
        await client.end();
      }
    };
    const [reservations] = await query<{ reserved: string; taken: string }>(
      'catalog',
      `SELECT count(*) FILTER (WHERE status = 'reserved') AS reserved,
              coalesce(sum((SELECT sum((line->>'quantity')::int) FROM jsonb_array_elements(lines) AS line)) FILTER (WHERE status = 'reserved'), 0) AS taken
         FROM stock_reservation`,
    );
    const [stored] = await query<{ orders: string }>('orders', 'SELECT count(*) AS orders FROM customer_order');

    // Every part runs again: each replica and the gateway answer on their own ports.
    const base = shop.port;
    const ports = { gateway: base, catalog: base + 1, users: base + 2, orders: base + 3, 'catalog-2': base + 21, 'users-2': base + 22, 'orders-2': base + 23 };
    // A part the supervisor is restarting once more (a second fault of its own after the faults) is still
    // coming back: each has 30 s to answer 200, and one that does not is named with its last answer.
    const statusOf = (part: string, partPort: number) =>
      fetch(`http://127.0.0.1:${partPort}/${part === 'gateway' ? 'health' : 'ready'}`).then(
        (res) => res.status,
        (error: unknown) => `no answer (${String((error as { cause?: unknown }).cause ?? error)})`,
      );
    const answering = await Promise.all(
      Object.entries(ports).map(async ([part, partPort]) => {
        let last: number | string = 'not asked';
        const answered = await eventually(async () => ((last = await statusOf(part, partPort)) === 200 ? true : undefined), 30_000, `${part} to answer`).catch(() => false);
        if (!answered) process.stdout.write(`chaos: ${part} (port ${partPort}) not back 30 s after the faults: ${last}\n${shop?.output().slice(-3_000)}\n`);
        return [part, answered ? 200 : last] as const;
      }),
    );

    const byPhase = new Map<string, { requests: number; failed: number; failedGets: number; failures: Map<string, number> }>();
    for (const outcome of outcomes) {
      const tally = byPhase.get(outcome.phase) ?? { requests: 0, failed: 0, failedGets: 0, failures: new Map() };
      tally.requests += 1;
      if (failed(outcome)) {
        tally.failed += 1;
        if (outcome.request.startsWith('GET')) tally.failedGets += 1;
        const what = `${outcome.request} ${outcome.status || 'no answer'}`;
        tally.failures.set(what, (tally.failures.get(what) ?? 0) + 1);
      }
      byPhase.set(outcome.phase, tally);
    }
    process.stdout.write(
      `chaos: ${outcomes.length} requests from ${CUSTOMERS} customers; ${orders.length} orders, ${confirmed.length} confirmed, ` +
        `${orders.length - confirmed.length} cancelled; stock ${STOCK} -> ${stock}\n` +
        `  running again after the fault: ${Object.entries(back)
          .map(([part, ms]) => `${part} ${(ms / 1000).toFixed(1)} s`)
          .join(', ')}\n` +
        [...byPhase]
          .map(
            ([name, tally]) =>
              `  ${name.padEnd(22)} ${String(tally.requests).padStart(5)} requests, ${tally.failed} failed (${tally.failedGets} GETs)` +
              (tally.failures.size ? `: ${[...tally.failures].map(([what, count]) => `${what} x${count}`).join(', ')}` : ''),
          )
          .join('\n') +
        '\n',
    );

    expect(orders.every((one) => one.status === 'confirmed' || one.status === 'cancelled')).toBe(true);
    expect(Number(reservations.reserved)).toBe(confirmed.length);
    expect(Number(reservations.taken)).toBe(STOCK - stock);
    expect(Number(stored.orders)).toBe(orders.length);
    expect(Object.fromEntries(answering)).toEqual(Object.fromEntries(Object.keys(ports).map((part) => [part, 200])));
    for (const fault of REPLICA_FAULTS) expect([fault, byPhase.get(fault)?.failedGets]).toEqual([fault, 0]);
    for (const fault of REPLICA_FAULTS) expect(byPhase.get(fault)?.requests).toBeGreaterThan(0);
  }, 600_000);
});
