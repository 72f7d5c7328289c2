/**
 * How the services batched during an order run: a consumer handles what has arrived in one
 * transaction and a relay deletes what it published in one statement, so one statement serves many
 * orders. Read after the run from the shop's own rows (each consumer transaction stamps the event ids
 * it handled with one `processed_at`, its start) and from a statement counter the bench puts on
 * `outbox_event` for the run (a statement-level trigger taking a number from a sequence on each DELETE:
 * the relays' deletes leave no row behind). The ceiling's pgbench script (ceiling.ts) is written per
 * order with this batching.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { TEST_DATABASE_URL } from '@shop/testing';
import { formatTable } from './stats.js';

/** The URL of one of the instance's databases (`{prefix}_{name}`) on the bench's PostgreSQL server. */
export function databaseUrl(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withClient<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const SERVICES = ['orders', 'catalog'] as const;
type Service = (typeof SERVICES)[number];

/**
 * Puts the DELETE counter on each service's outbox, and an INSERT counter on orders' customer_order (placements
 * are stored several to a statement under load), removed again by removeStatementCounters, before any schema is copied.
 */
export async function installStatementCounters(prefix: string): Promise<void> {
  for (const service of SERVICES) {
    await withClient(`${prefix}_${service}`, async (client) => {
      await client.query(`CREATE SEQUENCE bench_outbox_deletes`);
      await client.query(
        `CREATE FUNCTION bench_count_outbox_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('bench_outbox_deletes'); RETURN NULL; END $$`,
      );
      await client.query(`CREATE TRIGGER bench_count_outbox_delete AFTER DELETE ON outbox_event FOR EACH STATEMENT EXECUTE FUNCTION bench_count_outbox_delete()`);
    });
  }
  await withClient(`${prefix}_orders`, async (client) => {
    await client.query(`CREATE SEQUENCE bench_order_inserts`);
    await client.query(
      `CREATE FUNCTION bench_count_order_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('bench_order_inserts'); RETURN NULL; END $$`,
    );
    await client.query(`CREATE TRIGGER bench_count_order_insert AFTER INSERT ON customer_order FOR EACH STATEMENT EXECUTE FUNCTION bench_count_order_insert()`);
  });
}

/** DELETE statements on each service's outbox so far, and the scans of orders' catalog_product (placements' pricing reads). */
export interface StatementCounters {
  deletes: Map<Service, number>;
  pricingScans: number;
  /** INSERT statements storing placed orders. */
  orderInserts: number;
}

export async function readStatementCounters(prefix: string): Promise<StatementCounters> {
  // PostgreSQL counts a backend's scans when it goes idle, at most once a second: give them that.
  await sleep(1_100);
  const counters: StatementCounters = { deletes: new Map(), pricingScans: 0, orderInserts: 0 };
  counters.orderInserts = await withClient(`${prefix}_orders`, async (client) => {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM bench_order_inserts`);
    return rows[0].is_called ? Number(rows[0].last_value) : 0;
  });
  counters.pricingScans = await withClient(`${prefix}_orders`, async (client) => {
    const { rows } = await client.query<{ scans: string }>(
      `SELECT coalesce(idx_scan, 0) + coalesce(seq_scan, 0) AS scans FROM pg_stat_user_tables WHERE relname = 'catalog_product'`,
    );
    return Number(rows[0]?.scans ?? 0);
  });
  for (const service of SERVICES) {
    const count = await withClient(`${prefix}_${service}`, async (client) => {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM bench_outbox_deletes`);
      return rows[0].is_called ? Number(rows[0].last_value) : 0;
    });
    counters.deletes.set(service, count);
  }
  return counters;
}

export async function removeStatementCounters(prefix: string): Promise<void> {
  for (const service of SERVICES) {
    await withClient(`${prefix}_${service}`, async (client) => {
      await client.query(`DROP TRIGGER IF EXISTS bench_count_outbox_delete ON outbox_event`);
      await client.query(`DROP FUNCTION IF EXISTS bench_count_outbox_delete()`);
      await client.query(`DROP SEQUENCE IF EXISTS bench_outbox_deletes`);
    });
  }
  await withClient(`${prefix}_orders`, async (client) => {
    await client.query(`DROP TRIGGER IF EXISTS bench_count_order_insert ON customer_order`);
    await client.query(`DROP FUNCTION IF EXISTS bench_count_order_insert()`);
    await client.query(`DROP SEQUENCE IF EXISTS bench_order_inserts`);
  });
}

/** A batched step: how many of its transactions (or statements) ran, and the events they handled. */
interface Step {
  count: number;
  events: number;
}

export interface Batching {
  /** Orders placed in the window (the denominator of every figure). */
  orders: number;
  /** catalog's `orders` consumer: transactions reserving order.placed events. */
  reserve: Step;
  /** orders' `stock` consumer: transactions settling stock.reserved/rejected answers. */
  settle: Step;
  /** orders' `products` consumer: transactions copying product.updated events (an admin's edits only: not part of an order's cost). */
  copy: Step;
  /** INSERT statements that stored placed orders (several to one under load: OrderWrites). */
  placements: number;
  /** DELETE statements of each relay (published events). */
  catalogDeletes: number;
  ordersDeletes: number;
  /** Session checks (user_access lookups) per order: at most one per customer a second (SessionCheck remembers a standing 1 s). */
  sessionLookupsPerOrder: number;
  /** Reads of the copies a placement is priced from, per order (scans of orders' catalog_product; the rest is priced from memory). */
  pricingReadsPerOrder: number;
  /** GET /api/orders/{id} per order that answered the order settled: the orders service reads those from its database. */
  settledReadsPerOrder: number;
  /** What the pgbench script runs with: every how many orders each batched step runs once. */
  script: { placeEvery: number; reserveEvery: number; catalogDeleteEvery: number; settleEvery: number; ordersDeleteEvery: number };
}

/** Orders per batch, as a whole number of at least 1. */
function every(orders: number, batches: number): number {
  return batches <= 0 ? 1 : Math.max(1, Math.round(orders / batches));
}

/** Reads the batching of the window [from, to] for `orders` orders placed in it. */
export async function readBatching(
  prefix: string,
  window: {
    orders: number;
    from: Date;
    to: Date;
    counters: { before: StatementCounters; after: StatementCounters };
    sessionLookupsPerOrder: number;
    settledReadsPerOrder: number;
  },
): Promise<Batching> {
  const pricingScans = window.counters.after.pricingScans - window.counters.before.pricingScans;
  const steps = new Map<string, Step>();
  for (const service of SERVICES) {
    await withClient(`${prefix}_${service}`, async (client) => {
      const { rows } = await client.query<{ consumer: string; events: string; transactions: string }>(
        `SELECT consumer, count(*) AS events, count(DISTINCT processed_at) AS transactions
         FROM processed_event WHERE processed_at >= $1 AND processed_at <= $2 GROUP BY consumer`,
        [window.from, window.to],
      );
      for (const row of rows) steps.set(row.consumer.slice(prefix.length + 1), { count: Number(row.transactions), events: Number(row.events) });
    });
  }
  const step = (name: string): Step => steps.get(name) ?? { count: 0, events: 0 };
  const deletes = (service: Service) => (window.counters.after.deletes.get(service) ?? 0) - (window.counters.before.deletes.get(service) ?? 0);
  const reserve = step('catalog_orders');
  const settle = step('orders_stock');
  const copy = step('orders_products');
  const { orders } = window;
  return {
    orders,
    reserve,
    settle,
    copy,
    placements: window.counters.after.orderInserts - window.counters.before.orderInserts,
    catalogDeletes: deletes('catalog'),
    ordersDeletes: deletes('orders'),
    sessionLookupsPerOrder: window.sessionLookupsPerOrder,
    pricingReadsPerOrder: Math.min(1, pricingScans / Math.max(1, orders)),
    settledReadsPerOrder: window.settledReadsPerOrder,
    script: {
      placeEvery: every(orders, window.counters.after.orderInserts - window.counters.before.orderInserts),
      reserveEvery: every(orders, reserve.count),
      catalogDeleteEvery: every(orders, deletes('catalog')),
      settleEvery: every(orders, settle.count),
      ordersDeleteEvery: every(orders, deletes('orders')),
    },
  };
}

export function printBatching(batching: Batching): void {
  const { orders, script } = batching;
  const per = (count: number) => (count > 0 ? (orders / count).toFixed(1) : '-');
  console.log(`\nHow the services batched (${orders} orders placed in the window; consumer transactions from processed_event, relay DELETEs counted by a trigger):`);
  console.log(
    formatTable(
      ['step', 'statements or transactions', 'orders per one', 'events handled', 'pgbench script: once every … orders'],
      [
        ['orders: store placed orders (one statement)', batching.placements, per(batching.placements), '', script.placeEvery],
        ["catalog: reserve (consumer 'orders', one transaction)", batching.reserve.count, per(batching.reserve.count), batching.reserve.events, script.reserveEvery],
        ['catalog: relay deletes published events', batching.catalogDeletes, per(batching.catalogDeletes), '', script.catalogDeleteEvery],
        ["orders: settle (consumer 'stock', one transaction)", batching.settle.count, per(batching.settle.count), batching.settle.events, script.settleEvery],
        ["orders: copy product.updated (consumer 'products')", batching.copy.count, per(batching.copy.count), batching.copy.events, '-'],
        ['orders: relay deletes published events', batching.ordersDeletes, per(batching.ordersDeletes), '', script.ordersDeleteEvery],
      ],
    ),
  );
  console.log(
    `per order also: ${batching.sessionLookupsPerOrder.toFixed(2)} session checks (user_access; at most one per customer a second, an upper bound), ` +
      `${batching.pricingReadsPerOrder.toFixed(2)} pricing reads (the copies of the catalog and the customers; otherwise priced from memory), ` +
      `${batching.settledReadsPerOrder.toFixed(2)} reads of the settled order (GET /api/orders/{id}; a pending one is answered from the orders process's memory)`,
  );
}
