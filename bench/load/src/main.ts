/**
 * `npm run bench:load [-- scenario…]`: load benchmarks of the shop, each against a shop of its own
 * started as `npm start` starts it (own instance prefix, ports and data folder, removed afterwards).
 * Figures are printed, never asserted: compare runs on one machine, and the ratios printed within one run.
 *
 *   orders     the order pipeline: confirmed orders/s and placement → outcome latency
 *   catalog    GET /api/products and /api/products/{id} against a bare node:http + pg server, side by side
 *   auth       200 simultaneous sign-ups, then 200 simultaneous sign-ins
 *   shoppers   N shoppers browsing, searching, registering, signing in, ordering and paying
 *   memory     resident memory of every process of the idle shop
 *
 * Without a scenario, all of them, one after the other.
 */
import { authBurst } from './scenarios/auth-burst.js';
import { catalogReads } from './scenarios/catalog-reads.js';
import { idleMemory } from './scenarios/idle-memory.js';
import { orderPipeline } from './scenarios/order-pipeline.js';
import { shoppers } from './scenarios/shoppers.js';

const scenarios: Record<string, () => Promise<void>> = {
  orders: orderPipeline,
  catalog: catalogReads,
  auth: authBurst,
  shoppers,
  memory: idleMemory,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in scenarios));
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
console.log(`bench:load on ${(await import('node:os')).cpus().length} cores, Node ${process.version}`);
for (const name of asked.length > 0 ? asked : Object.keys(scenarios)) await scenarios[name]();
