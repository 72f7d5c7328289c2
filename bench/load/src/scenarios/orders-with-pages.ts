/**
 * Orders while pages render (issue 42): does a crowd reading pages slow checkout? CUSTOMERS (50)
 * customers order back to back (Prefer: wait), each from an address of its own, for SECONDS per leg,
 * alone, then with SHOPPERS (50) anonymous shoppers from addresses of their own opening pages rendered
 * afresh (SSR_CACHE_MS=0: every page a render, the crawler's case), in alternating legs, ROUNDS times.
 * With BENCH_BASELINE_TREE (a checkout of the tree before, built), its shop runs beside this one and the
 * legs alternate between the two shops too, so both see the same machine. Prints each shop's confirmed
 * orders/s alone and with pages, the ratio, and the pages' rate and p99 meanwhile.
 */
import type { ProductDto } from '@shop/contracts';
import { BENCH_ADMIN, withBenchShop, type BenchEnv, type BenchShop } from '../bench-shop.js';
import { loopbackAddress, ShopClient } from '../http.js';
import { recordFigure } from '../results.js';
import { placeOrder, registerCustomers, signIn, stockUp } from '../shop-actions.js';
import { formatTable, median, percentile, sleep, sortNumbers } from '../stats.js';

const CUSTOMERS = Number(process.env.BENCH_MIX_CUSTOMERS ?? 50);
const SHOPPERS = Number(process.env.BENCH_MIX_SHOPPERS ?? 50);
const SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_MIX_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
const BASELINE = process.env.BENCH_BASELINE_TREE;

const ENV: BenchEnv = {
  SSR_CACHE_MS: { value: '0', why: 'every page rendered afresh: a crawler asks for pages nobody asked for a second ago' },
  RATE_LIMIT_PER_MINUTE: { value: '0', why: `each of the ${CUSTOMERS} customers orders back to back, past the 600 requests a minute one address may send` },
};

interface Prepared {
  label: string;
  shop: BenchShop;
  customers: { token: string; client: ShopClient }[];
  products: ProductDto[];
  paths: string[];
}

interface Leg {
  ordersPerSecond: number;
  pagesPerSecond: number;
  pagesP99: number;
  pageErrors: number;
}

async function prepare(label: string, shop: BenchShop): Promise<Prepared> {
  const setup = new ShopClient(shop.base, undefined, { connections: 4 });
  const admin = await signIn(setup, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const products = await stockUp(setup, admin.token, 1_000_000);
  await setup.close();
  const signUp = Array.from({ length: CUSTOMERS }, (_, n) => new ShopClient(shop.base, undefined, { localAddress: loopbackAddress(n), connections: 1 }));
  const registered = await registerCustomers((n) => signUp[n]!, `mix-${shop.prefix}`, CUSTOMERS);
  await Promise.all(signUp.map((client) => client.close()));
  const customers = registered.map((user, n) => ({ token: user.token, client: new ShopClient(shop.base, undefined, { localAddress: loopbackAddress(n), connections: 1 }) }));
  const paths = ['/', '/page/2', '/search/pro', ...products.slice(0, 5).map((product) => `/product/${product._id}`)];
  return { label, shop, customers, products, paths };
}

/** One leg: the customers ordering for `seconds`, with the page crowd when `pages`. */
async function leg(side: Prepared, seconds: number, pages: boolean): Promise<Leg> {
  let confirmed = 0;
  const pageTimes: number[] = [];
  let pageErrors = 0;
  let running = true;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const orders = side.customers.map(async ({ token, client }, n) => {
    while (running) {
      const product = side.products[(n * 7 + confirmed) % side.products.length]!;
      const placed = await placeOrder(client, token, product._id, { wait: true });
      if (performance.now() <= deadline && placed.order?.status === 'confirmed') confirmed++;
    }
  });
  const crowd = pages
    ? Array.from({ length: SHOPPERS }, async (_, n) => {
        const client = new ShopClient(side.shop.base, undefined, { localAddress: loopbackAddress(CUSTOMERS + n), connections: 1 });
        try {
          for (let visit = n; running; visit++) {
            const answer = await client.call<string>('GET', side.paths[visit % side.paths.length]!, { headers: { accept: 'text/html' } });
            if (performance.now() > deadline) break;
            pageTimes.push(answer.ms);
            if (answer.status !== 200) pageErrors++;
          }
        } finally {
          await client.close();
        }
      })
    : [];
  await sleep(seconds * 1000);
  running = false;
  await Promise.all([...orders, ...crowd]);
  const elapsed = seconds;
  const sorted = sortNumbers(pageTimes);
  return { ordersPerSecond: confirmed / elapsed, pagesPerSecond: pageTimes.length / elapsed, pagesP99: sorted.length ? percentile(sorted, 0.99) : 0, pageErrors };
}

const fixed = (value: number) => value.toFixed(1);

async function withShops(work: (sides: Prepared[]) => Promise<void>): Promise<void> {
  await withBenchShop(ENV, async (shop) => {
    const after = await prepare('this tree', shop);
    if (!BASELINE) return work([after]);
    await withBenchShop(
      ENV,
      async (baselineShop) => {
        const before = await prepare(`before (${BASELINE})`, baselineShop);
        await work([before, after]);
        await Promise.all(before.customers.map((customer) => customer.client.close()));
      },
      { tree: BASELINE },
    );
    await Promise.all(after.customers.map((customer) => customer.client.close()));
  });
}

export async function ordersWithPages(): Promise<void> {
  console.log(
    `\n== orders while pages render: ${CUSTOMERS} customers ordering (Prefer: wait), alone and with ${SHOPPERS} shoppers opening uncached pages, ` +
      `${SECONDS} s per leg, ${ROUNDS} rounds${BASELINE ? `, this tree and ${BASELINE} alternating` : ''}`,
  );
  await withShops(async (sides) => {
    for (const side of sides) await leg(side, WARM_UP_SECONDS, true);
    const legs = new Map<string, { alone: Leg[]; mixed: Leg[] }>(sides.map((side) => [side.label, { alone: [], mixed: [] }]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
        const alone = await leg(side, SECONDS, false);
        const mixed = await leg(side, SECONDS, true);
        legs.get(side.label)!.alone.push(alone);
        legs.get(side.label)!.mixed.push(mixed);
        console.log(
          `   round ${round} ${side.label}: orders/s ${fixed(alone.ordersPerSecond)} alone, ${fixed(mixed.ordersPerSecond)} with pages ` +
            `(${fixed(mixed.pagesPerSecond)} pages/s, p99 ${fixed(mixed.pagesP99)} ms, ${mixed.pageErrors} wrong)`,
        );
      }
    }
    const rows = sides.map((side) => {
      const { alone, mixed } = legs.get(side.label)!;
      const aloneRate = median(alone.map((one) => one.ordersPerSecond));
      const mixedRate = median(mixed.map((one) => one.ordersPerSecond));
      recordFigure(`orders while pages render, ${side.label}: orders/s alone, with pages, ratio`, `${fixed(aloneRate)}, ${fixed(mixedRate)}, x${(mixedRate / aloneRate).toFixed(2)}`);
      return [side.label, fixed(aloneRate), fixed(mixedRate), `x${(mixedRate / aloneRate).toFixed(2)}`, fixed(median(mixed.map((one) => one.pagesPerSecond))), fixed(median(mixed.map((one) => one.pagesP99)))];
    });
    console.log(`\n${formatTable(['shop', 'orders/s alone', 'orders/s with pages', 'ratio', 'pages/s', 'pages p99 ms'], rows)}`);
  });
}
