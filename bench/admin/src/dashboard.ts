/**
 * The admin dashboard's reads at real size: GET /api/orders/dashboard (three SQL aggregates over the
 * seeded orders) and GET /api/products/low-stock, timed through the gateway one request at a time, and
 * the dashboard's three statements under EXPLAIN ANALYZE. Target (issue 26): the dashboard answers in
 * 200 ms or less at 50,000 orders.
 */
import type { IsolatedShop } from '@shop/testing';
import { planOf } from './seed.js';

/** The orders service's build of the dashboard's statements, read as the launcher is: from the built shop. */
const statementsModule = new URL('../../../services/orders/dist/dashboard/dashboard.service.js', import.meta.url).href;

interface DashboardStatements {
  DASHBOARD_STATEMENTS: Record<string, string>;
  dashboardWindowOf(now: Date): { from: Date; to: Date };
}

const DAY_MS = 86_400_000;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * p) - 1)] ?? NaN;
const ms = (value: number) => value.toFixed(1).padStart(8);

async function timedGet(shop: IsolatedShop, path: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${shop.base}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } });
  const text = await res.text();
  const took = performance.now() - started;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return took;
}

/** Times the dashboard's two calls: `rounds` requests each after 3 warm-up ones; prints p50, p95, p99 and max. */
export async function measureDashboard(shop: IsolatedShop, token: string, rounds: number): Promise<void> {
  console.log(`\nThe admin dashboard through the gateway, one request at a time, ${rounds} rounds after 3 warm-up requests (ms; target p99 <= 200 for the dashboard)`);
  console.log('call                                     p50      p95      p99      max');
  for (const path of ['/api/orders/dashboard', '/api/products/low-stock?limit=10']) {
    for (let i = 0; i < 3; i++) await timedGet(shop, path, token);
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) times.push(await timedGet(shop, path, token));
    console.log([`GET ${path}`.padEnd(36), ms(percentile(times, 0.5)), ms(percentile(times, 0.95)), ms(percentile(times, 0.99)), ms(Math.max(...times))].join(' '));
  }
}

/**
 * How PostgreSQL runs the dashboard's statements (EXPLAIN ANALYZE, the window of today), read from the
 * orders service's own build so that the bench measures the SQL the service runs.
 */
export async function measureDashboardPlans(shop: IsolatedShop): Promise<void> {
  const { DASHBOARD_STATEMENTS, dashboardWindowOf } = (await import(statementsModule)) as DashboardStatements;
  const { from, to } = dashboardWindowOf(new Date());
  console.log(`\nHow PostgreSQL runs the dashboard's statements (EXPLAIN ANALYZE; window ${from.toISOString().slice(0, 10)} to ${new Date(to.getTime() - DAY_MS).toISOString().slice(0, 10)})`);
  for (const [name, sql] of Object.entries(DASHBOARD_STATEMENTS)) {
    const plan = await planOf(shop.prefix, 'orders', sql, [from, to]);
    console.log(`${name.padEnd(16)} ${plan.ms.toFixed(2).padStart(7)} ms  ${plan.scan}`);
  }
}
