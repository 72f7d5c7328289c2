/**
 * `npm run bench:load [-- scenario…]`: load benchmarks of the shop, each against a shop of its own
 * started as `npm start` starts it (own instance prefix, ports and data folder, removed afterwards).
 * Figures are printed, never asserted: compare runs on one machine, and the ratios printed within one run.
 * Each scenario prints the settings its shop runs with that differ from the defaults, and why.
 *
 *   orders          the order pipeline: 50 customers (50 addresses) with Prefer: wait; confirmed orders/s,
 *                   placement → outcome latency, batching, and the pgbench ceiling of the same SQL
 *   orders-polling  the same without Prefer: wait, each order read every 20 ms until final
 *   orders-with-pages  the orders load alone and with 50 shoppers opening uncached pages, in alternating legs
 *                   (BENCH_BASELINE_TREE: beside the tree before's shop)
 *   catalog         the gateway's raw capacity for GET /api/products and /api/products/{id} against a bare
 *                   node:http + pg server, side by side
 *   auth            200 simultaneous sign-ups, then 200 simultaneous sign-ins
 *   shoppers        N shoppers browsing, searching, registering, signing in, ordering and paying
 *   pages           server-rendered pages for 50 anonymous shoppers: cached, uncached, and SSR off side by side
 *   memory          resident memory of every process of the idle shop
 *   search          searches, facets and suggestions over 100,000 products from 100 addresses: with the read
 *                   caches and with every request a different query
 *   tracing         the orders load on two shops side by side, tracing off and on (OTLP to a sink), in bursts
 *                   taken in turn; the throughput ratio and the CPU time per order of each
 *
 * Without a scenario, all of them, one after the other. BENCH_LOAD_RESULTS=<file> also writes what the
 * run measured as JSON (commit, date, Node, cores, each scenario's settings, figures and output), which
 * performance-figures.js turns into docs/performance.md.
 */
import { cpus } from 'node:os';
import { beginRun, recordScenario, saveRun } from './results.js';
import { authBurst } from './scenarios/auth-burst.js';
import { catalogReads } from './scenarios/catalog-reads.js';
import { idleMemory } from './scenarios/idle-memory.js';
import { orderPipeline, orderPolling } from './scenarios/order-pipeline.js';
import { ordersWithPages } from './scenarios/orders-with-pages.js';
import { serverPages } from './scenarios/server-pages.js';
import { search } from './scenarios/search.js';
import { shoppers } from './scenarios/shoppers.js';
import { tracingCost } from './scenarios/tracing.js';

const scenarios: Record<string, () => Promise<void>> = {
  orders: orderPipeline,
  'orders-polling': orderPolling,
  'orders-with-pages': ordersWithPages,
  catalog: catalogReads,
  auth: authBurst,
  shoppers,
  pages: serverPages,
  memory: idleMemory,
  search,
  tracing: tracingCost,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in scenarios));
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
const run = beginRun(asked.length > 0 ? asked : Object.keys(scenarios));
console.log(
  `bench:load on ${cpus().length} cores (${run.cpuModel}), Node ${process.version}, commit ${run.commit}` +
    (run.uncommitted.length > 0 ? ` with uncommitted changes in ${run.uncommitted.length} files` : ', clean tree'),
);
try {
  for (const name of run.scenariosAsked) await recordScenario(name, scenarios[name]);
} finally {
  saveRun();
}
