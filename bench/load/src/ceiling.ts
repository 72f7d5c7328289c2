/**
 * The ceiling of the order pipeline on this machine: the SQL one order costs across the orders and
 * catalog services (bench/load/order-ceiling.sql, each statement's source named there), run by pgbench
 * with as many clients as the bench had customers for as long as it measured, right after the shop's
 * run and once the shop is gone. The services' statements are batched, so the script runs each batched
 * step once every so many orders with that many orders in it, as the run just showed (batching.ts).
 *
 * It runs against a database of its own, `{prefix}_ceiling`, created and dropped here: the orders
 * database's schema as schema `orders` and the catalog's as schema `catalog` (pg_dump of the shop's
 * databases taken before the shop was removed, without the rows of orders, events and reservations),
 * so that one pgbench connection can run an order's statements of both services. Products get ids the
 * script can compute (md5 of their number) in both copies; the customers' user_access rows are added.
 * One connection listens for the settle's notifications as each orders process does.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { TEST_DATABASE_URL } from '@shop/testing';
import { databaseUrl, type Batching } from './batching.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../order-ceiling.sql', import.meta.url));
const PGBENCH = process.env.PGBENCH ?? 'pgbench';
/**
 * pgbench's query protocol: `prepared` parses each statement once per connection, as the shop sends its
 * hot statements (service-kit's `prepared`); `extended` parses and plans at every run, as node-postgres
 * sends an unnamed statement (what PostgreSQL spends on parsing and planning is the difference).
 */
const PROTOCOL = process.env.BENCH_CEILING_PROTOCOL === 'extended' ? 'extended' : 'prepared';

/** The services' schemas (and the small tables the orders need: products, copies of them and of customers), as pg_dump wrote them. */
export interface ShopSchemas {
  prefix: string;
  orders: string;
  catalog: string;
}

/** Rows left out of the copies: what the run made (orders, events, reservations) and what an order never reads. */
const LEFT_OUT: Record<keyof Omit<ShopSchemas, 'prefix'>, string[]> = {
  orders: ['customer_order', 'order_item', 'order_event', 'outbox_event', 'processed_event', 'order_refund', 'payment_attempt'],
  catalog: ['stock_reservation', 'outbox_event', 'processed_event', 'review', 'stored_image'],
};

/** pg_dump of the shop's orders and catalog databases (call it while they exist). */
export async function dumpSchemas(prefix: string): Promise<ShopSchemas> {
  const dump = async (service: 'orders' | 'catalog') => {
    const args = ['--no-owner', '--no-privileges', ...LEFT_OUT[service].map((table) => `--exclude-table-data=${table}`), '-d', databaseUrl(`${prefix}_${service}`)];
    return (await run('pg_dump', args, { maxBuffer: 256 * 1024 * 1024 })).stdout;
  };
  return { prefix, orders: await dump('orders'), catalog: await dump('catalog') };
}

async function psql(url: string, sql: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-X', '-d', url], { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}: ${errors.slice(0, 2000)}`))));
    child.stdin.end(sql);
  });
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Makes `{prefix}_ceiling` with the schemas `orders` and `catalog`; answers the number of products. */
async function makeDatabase(database: string, schemas: ShopSchemas, clients: number): Promise<number> {
  await admin((client) => client.query(`CREATE DATABASE "${database}"`));
  const url = databaseUrl(database);
  await psql(url, schemas.orders);
  await psql(url, 'ALTER SCHEMA public RENAME TO orders; CREATE SCHEMA public;');
  await psql(url, schemas.catalog);
  await psql(url, 'ALTER SCHEMA public RENAME TO catalog; CREATE SCHEMA public;');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Ids the script computes: product n (from 0, in id order) is md5('product-n').
    await client.query(`CREATE TEMP TABLE product_number AS SELECT id AS old, md5('product-' || (row_number() OVER (ORDER BY id) - 1))::uuid AS new FROM catalog.product`);
    await client.query(`UPDATE catalog.product p SET id = n.new FROM product_number n WHERE p.id = n.old`);
    await client.query(`UPDATE orders.catalog_product c SET id = n.new FROM product_number n WHERE c.id = n.old`);
    // The customers as the orders service's copies hold them after their sign-up: standing and name.
    await client.query(`INSERT INTO orders.user_access (user_id, session_version, is_admin) SELECT md5('u-' || c)::uuid, 1, false FROM generate_series(0, $1 - 1) AS c`, [clients]);
    await client.query(
      `INSERT INTO orders.customer (id, name, email, deleted, changed_at)
       SELECT md5('u-' || c)::uuid, 'Bench Customer ' || c, 'orders-bench-' || c || '@example.com', false, now() FROM generate_series(0, $1 - 1) AS c`,
      [clients],
    );
    await client.query('ANALYZE');
    const { rows } = await client.query<{ count: string }>('SELECT count(*) AS count FROM product_number');
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}

/** CPU seconds the machine has spent busy so far, from /proc/stat. */
function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

export interface Ceiling {
  ordersPerSecond: number;
  failed: number;
}

/**
 * Runs the script with pgbench and prints the ceiling; answers it, or nothing when pgbench or psql is
 * missing or the run failed (said so). The database is dropped afterwards, also on Ctrl-C.
 */
export async function measureCeiling(options: { schemas: ShopSchemas; batching: Batching; clients: number; seconds: number }): Promise<Ceiling | undefined> {
  const { schemas, batching, clients, seconds } = options;
  const database = `${schemas.prefix}_ceiling`;
  const drop = () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)).catch((error: unknown) => console.error(`could not drop ${database}: ${String(error)}`));
  const interrupted = () => void drop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let listener: pg.Client | undefined;
  try {
    console.log(`\nCeiling: the SQL of one order (bench/load/order-ceiling.sql) by pgbench (-M ${PROTOCOL}), ${clients} clients for ${seconds} s, on a copy of the shop's schemas`);
    try {
      await run(PGBENCH, ['--version']);
    } catch {
      console.log(`  pgbench not found (${PGBENCH}; set PGBENCH): no ceiling measured`);
      return undefined;
    }
    let products: number;
    try {
      products = await makeDatabase(database, schemas, clients);
    } catch (error) {
      console.log(`  could not make the ceiling's database (psql, PostgreSQL): ${String(error).slice(0, 500)}`);
      return undefined;
    }
    const { script: every } = batching;
    const perMillion = (share: number) => String(Math.round(Math.min(1, Math.max(0, share)) * 1_000_000));
    const variables: Record<string, string> = {
      k: '0',
      products: String(products),
      place_every: String(every.placeEvery),
      reserve_every: String(every.reserveEvery),
      catalog_delete_every: String(every.catalogDeleteEvery),
      settle_every: String(every.settleEvery),
      orders_delete_every: String(every.ordersDeleteEvery),
      session_ppm: perMillion(batching.sessionLookupsPerOrder),
      pricing_ppm: perMillion(batching.pricingReadsPerOrder),
      read_ppm: perMillion(batching.settledReadsPerOrder),
      consumer_reserve: `${schemas.prefix}_catalog_orders`,
      consumer_settle: `${schemas.prefix}_orders_stock`,
    };
    console.log(`  ${products} products; per order: ${Object.entries(variables).filter(([name]) => /every|ppm/.test(name)).map(([name, value]) => `${name}=${value}`).join(' ')}`);
    listener = new pg.Client({ connectionString: databaseUrl(database) });
    await listener.connect();
    let notifications = 0;
    listener.on('notification', () => notifications++);
    await listener.query('LISTEN order_settled');
    const busyBefore = machineBusySeconds();
    const started = performance.now();
    const args = [
      '-n',
      '-M',
      PROTOCOL,
      '-c',
      String(clients),
      '-j',
      String(cpus().length),
      '-T',
      String(seconds),
      '--max-tries=10',
      ...Object.entries(variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
      '-f',
      script,
      databaseUrl(database),
    ];
    let output: string;
    try {
      const result = await run(PGBENCH, args, { maxBuffer: 16 * 1024 * 1024 });
      output = result.stdout + result.stderr;
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string; message: string };
      console.log(`  pgbench failed: ${(failure.stderr || failure.message).slice(0, 1500)}`);
      return undefined;
    }
    const wall = (performance.now() - started) / 1000;
    const busy = machineBusySeconds() - busyBefore;
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? NaN);
    const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1] ?? '?';
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    const retried = /number of transactions retried: (\d+)/.exec(output)?.[1] ?? '0';
    const processed = /number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? '?';
    console.log(
      `  ceiling ${tps.toFixed(0)} orders/s   (${processed} orders, latency average ${latency} ms, ${failed} failed, ${retried} retried; ` +
        `${notifications} settle notifications heard; the machine's CPU ${((busy / wall / cpus().length) * 100).toFixed(0)} % busy over its ${cpus().length} cores)`,
    );
    // What the script leaves behind is only each client's last unfinished batch: its deletes and settles kept up.
    const { rows } = await listener.query<{ orders_outbox: string; catalog_outbox: string; pending: string; orders: string }>(
      `SELECT (SELECT count(*) FROM orders.outbox_event) AS orders_outbox, (SELECT count(*) FROM catalog.outbox_event) AS catalog_outbox,
              (SELECT count(*) FROM orders.customer_order WHERE state = 'awaiting-stock') AS pending, (SELECT count(*) FROM orders.customer_order) AS orders`,
    );
    const left = rows[0];
    console.log(
      `  left at the end: ${left.pending} of ${left.orders} orders pending, ${left.orders_outbox} + ${left.catalog_outbox} outbox rows (orders + catalog): each client's last unfinished batch`,
    );
    return { ordersPerSecond: tps, failed };
  } finally {
    await listener?.end().catch(() => undefined);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await drop();
  }
}
