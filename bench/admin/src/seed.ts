/**
 * Fills a running bench shop's users and orders databases with customers and orders, straight in
 * SQL after the services ran their migrations (the shop is ready, so they did). Going through the
 * API would take 10,000 argon2id hashes and 50,000 order sagas: minutes of work that measures
 * something else. What the services would have done on their own is done here too: the orders
 * service's copy of each customer (which user events would have filled), order totals that add up,
 * lines for every order, and VACUUM (ANALYZE), as autovacuum soon does after that many inserts: the
 * planner then knows the sizes, and index-only scans need not visit every freshly written row.
 * Seeded accounts carry no usable password: nobody signs in with them.
 */
import pg from 'pg';
import { TEST_DATABASE_URL } from '@shop/testing';

export interface SeedCounts {
  users: number;
  orders: number;
}

export interface Seeded extends SeedCounts {
  /** Order lines written (1 to 3 an order). */
  lines: number;
  ms: number;
}

/** The connection string of one of the instance's databases (`{prefix}_{service}`) on the test server. */
export function databaseUrlOf(prefix: string, service: 'users' | 'orders'): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${prefix}_${service}`;
  return url.toString();
}

/** Runs `work` on one connection to the instance's database of `service`. */
export async function withDatabase<T>(prefix: string, service: 'users' | 'orders', work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrlOf(prefix, service) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Writes `counts.users` customers (created over the past year, oldest first) and `counts.orders`
 * orders spread over the same year among them: every third unpaid, every fifth paid one delivered,
 * one in fifty cancelled. Each service's rows go in one transaction.
 */
export async function seedShop(prefix: string, counts: SeedCounts): Promise<Seeded> {
  const started = performance.now();
  const customers = await withDatabase(prefix, 'users', async (users) => {
    await users.query('BEGIN');
    const { rows } = await users.query<{ id: string; name: string; email: string }>(
      `INSERT INTO app_user (id, name, email, password_hash, is_admin, created_at, updated_at)
       SELECT gen_random_uuid(), 'Bench Customer ' || n, 'bench-customer-' || n || '@example.com', 'seeded: no password', false,
              now() - interval '366 days' + make_interval(secs => n * (365 * 86400.0 / $1::int)), now()
       FROM generate_series(1, $1::int) AS n
       RETURNING id, name, email`,
      [counts.users],
    );
    await users.query('COMMIT');
    await users.query('VACUUM (ANALYZE) app_user');
    return rows;
  });

  const lines = await withDatabase(prefix, 'orders', async (orders) => {
    await orders.query('BEGIN');
    // The copy the user.created events would have made.
    await orders.query(
      `INSERT INTO customer (id, name, email, deleted, changed_at)
       SELECT id, name, email, false, now() FROM unnest($1::uuid[], $2::text[], $3::text[]) AS c(id, name, email)`,
      [customers.map((c) => c.id), customers.map((c) => c.name), customers.map((c) => c.email)],
    );
    // What each order is made of, decided once, so the order's totals and its lines agree.
    await orders.query(
      `CREATE TEMP TABLE bench_order ON COMMIT DROP AS
       SELECT n, gen_random_uuid() AS id, c.id AS user_id, c.name AS user_name, c.email AS user_email,
              1 + n % 3 AS lines, 499 + (n * 7919) % 20000 AS price_cents,
              now() - interval '365 days' + make_interval(secs => n * (365 * 86400.0 / $1::int)) AS created_at
       FROM generate_series(1, $1::int) AS n
       JOIN (SELECT id, name, email, row_number() OVER (ORDER BY id) AS k FROM customer) AS c ON c.k = 1 + (n::bigint * 104729) % $2::int`,
      [counts.orders, customers.length],
    );
    await orders.query(
      `INSERT INTO customer_order (id, user_id, user_name, user_email, shipping_address, shipping_city, shipping_postal_code,
         shipping_country, payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, state, cancel_reason,
         paid_at, delivered_at, cancelled_at, payable_until, created_at, updated_at)
       SELECT id, user_id, user_name, user_email, (1 + n % 900) || ' Bench Street', 'Springfield', '12345', 'USA', 'PayPal',
              items, shipping, tax, items + shipping + tax,
              CASE WHEN n % 50 = 0 THEN 'cancelled' WHEN paid AND n % 5 = 0 THEN 'delivered' WHEN paid THEN 'paid' ELSE 'awaiting-payment' END,
              CASE WHEN n % 50 = 0 THEN 'Bench lamp is out of stock' END,
              CASE WHEN paid THEN created_at + interval '5 minutes' END,
              CASE WHEN paid AND n % 5 = 0 THEN created_at + interval '2 days' END,
              CASE WHEN n % 50 = 0 THEN created_at END,
              CASE WHEN n % 50 <> 0 THEN created_at + interval '30 minutes' END,
              created_at, created_at
       FROM (SELECT *, price_cents * lines AS items, CASE WHEN price_cents * lines > 10000 THEN 0 ELSE 5000 END AS shipping,
                    round(price_cents * lines * 0.1)::bigint AS tax, n % 50 <> 0 AND n % 3 <> 0 AS paid
             FROM bench_order) AS o`,
    );
    const { rowCount } = await orders.query(
      `INSERT INTO order_item (id, order_id, position, product_id, name, image, price_cents, quantity)
       SELECT gen_random_uuid(), o.id, line, gen_random_uuid(), 'Bench item ' || (line + 1), '/images/sample.jpg', o.price_cents, 1
       FROM bench_order AS o CROSS JOIN generate_series(0, 2) AS line
       WHERE line < o.lines`,
    );
    await orders.query('COMMIT');
    // One statement each: VACUUM cannot run inside the implicit transaction of a multi-statement query.
    for (const table of ['customer', 'customer_order', 'order_item']) await orders.query(`VACUUM (ANALYZE) ${table}`);
    return rowCount ?? 0;
  });
  return { users: customers.length, orders: counts.orders, lines, ms: performance.now() - started };
}

/** How the database runs a page query: its execution time and the plan's first scan. */
export interface PlanFigures {
  ms: number;
  scan: string;
}

/** EXPLAIN ANALYZE of `sql` in the instance's database of `service`. */
export async function planOf(prefix: string, service: 'users' | 'orders', sql: string, parameters: unknown[]): Promise<PlanFigures> {
  return withDatabase(prefix, service, async (client) => {
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, parameters);
    const [{ Plan: plan, 'Execution Time': ms }] = rows[0]['QUERY PLAN'];
    return { ms, scan: firstScanOf(plan) };
  });
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The first node that reads a table, e.g. "Index Only Scan using order_newest" or "Seq Scan on app_user". */
function firstScanOf(node: PlanNode): string {
  if (node['Node Type'].includes('Scan')) {
    return node['Index Name'] ? `${node['Node Type']} using ${node['Index Name']}` : `${node['Node Type']} on ${node['Relation Name'] ?? '?'}`;
  }
  for (const child of node.Plans ?? []) {
    const found = firstScanOf(child);
    if (found) return found;
  }
  return '';
}
