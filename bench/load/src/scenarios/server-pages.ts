/**
 * Server-rendered pages under a crowd (docs/ssr.md): SHOPPERS (50) anonymous shoppers, each from a
 * loopback address of its own with one connection, ask for pages one after another (a closed loop) for
 * SECONDS per leg: the home page, its page 2, a search and product pages, as HTML. Three shops run side
 * by side and the legs alternate between them, ROUNDS times, so all three see the same machine:
 * - "cached": the shop as it runs by default (SSR_CACHE_MS keeps a rendered page for a second);
 * - "uncached": SSR_CACHE_MS=0, every page rendered afresh (its answers still come through the API cache);
 * - "SSR off": SSR=off, the storefront server's index.html for the browser to render: what a page cost before.
 * With BENCH_BASELINE_TREE (a checkout of the tree before a change, built), that tree's shop runs beside,
 * cached and uncached, with the same settings, and its legs alternate with the others ("before cached",
 * "before uncached").
 * Prints pages/s, p50 and p99 of each leg, the medians, and the ratios to SSR off. The targets:
 * p99 <= 50 ms cached, <= 150 ms uncached. Each page is checked: 200 (404 for none here), and a rendered
 * page has its products in it.
 */
import type { ProductListDto } from '@shop/contracts';
import { withBenchShop, type BenchEnv, type BenchShop } from '../bench-shop.js';
import { loopbackAddress, ShopClient } from '../http.js';
import { recordFigure } from '../results.js';
import { formatTable, median, percentile, sleep, sortNumbers } from '../stats.js';

const SHOPPERS = Number(process.env.BENCH_PAGES_SHOPPERS ?? 50);
const SECONDS = Number(process.env.BENCH_PAGES_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_PAGES_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
/** BENCH_PAGES_REPLICAS: processes of each part (npm start's REPLICAS; 2 storefront servers render side by side). */
const REPLICAS = process.env.BENCH_PAGES_REPLICAS;
const replicas: BenchEnv = REPLICAS ? { REPLICAS: { value: REPLICAS, why: `${REPLICAS} storefront servers (and of every other part), asked by BENCH_PAGES_REPLICAS` } } : {};
const BASELINE = process.env.BENCH_BASELINE_TREE;
const UNCACHED: BenchEnv = { SSR_CACHE_MS: { value: '0', why: 'the "uncached" side: every page rendered afresh' } };

interface Leg {
  pagesPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  pages: number;
}

interface Side {
  label: string;
  shop: BenchShop;
  paths: string[];
  /** Whether a page of this side is rendered on the server (its HTML holds the products). */
  rendered: boolean;
}

async function pathsOf(shop: BenchShop): Promise<string[]> {
  const list = (await (await fetch(`${shop.base}/api/products`)).json()) as ProductListDto;
  return ['/', '/page/2', '/search/pro', ...list.products.slice(0, 5).map((product) => `/product/${product._id}`)];
}

/** One leg: the crowd against one side for `seconds`. */
async function leg(side: Side, seconds: number): Promise<Leg> {
  const times: number[] = [];
  let errors = 0;
  let firstError = '';
  const deadline = performance.now() + seconds * 1000;
  const shopper = async (n: number) => {
    const client = new ShopClient(side.shop.base, undefined, { localAddress: loopbackAddress(n), connections: 1 });
    try {
      for (let visit = n; performance.now() < deadline; visit++) {
        const path = side.paths[visit % side.paths.length]!;
        const answer = await client.call<string>('GET', path, { headers: { accept: 'text/html' } });
        times.push(answer.ms);
        const wrong = answer.status !== 200 ? `status ${answer.status}` : side.rendered && !String(answer.body).includes('id="shop-ssr"') ? 'not rendered on the server' : '';
        if (wrong) {
          errors++;
          firstError ||= `${path}: ${wrong}`;
        }
      }
    } finally {
      await client.close();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shopper(n)));
  const elapsed = (performance.now() - started) / 1000;
  if (firstError) console.log(`   ${side.label}: ${errors} wrong pages, first: ${firstError}`);
  const sorted = sortNumbers(times);
  return { pagesPerSecond: times.length / elapsed, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), errors, pages: times.length };
}

const ms = (value: number) => value.toFixed(1);

/** The tree before's shop, cached and uncached, beside this tree's (BENCH_BASELINE_TREE); none without it. */
async function withBaseline(work: (sides: Side[]) => Promise<void>): Promise<void> {
  if (!BASELINE) return work([]);
  await withBenchShop(
    { ...replicas },
    (cached) =>
      withBenchShop(
        { ...replicas, ...UNCACHED },
        async (uncached) =>
          work([
            { label: 'before cached', shop: cached, paths: await pathsOf(cached), rendered: true },
            { label: 'before uncached', shop: uncached, paths: await pathsOf(uncached), rendered: true },
          ]),
        { tree: BASELINE },
      ),
    { tree: BASELINE },
  );
}

export async function serverPages(): Promise<void> {
  console.log(
    `\n== server-rendered pages: ${SHOPPERS} shoppers from as many addresses, ${SECONDS} s per leg, ${ROUNDS} rounds alternating cached / uncached / SSR off` +
      (BASELINE ? ` / ${BASELINE} cached and uncached` : ''),
  );
  await withBenchShop({ ...replicas }, (cached) =>
    withBenchShop({ ...replicas, ...UNCACHED }, (uncached) =>
      withBenchShop({ ...replicas, SSR: { value: 'off', why: 'the "SSR off" side: index.html for the browser to render, what a page cost before' } }, (off) =>
        withBaseline(async (before) => {
          const sides: Side[] = [
            { label: 'cached', shop: cached, paths: await pathsOf(cached), rendered: true },
            { label: 'uncached', shop: uncached, paths: await pathsOf(uncached), rendered: true },
            { label: 'SSR off', shop: off, paths: await pathsOf(off), rendered: false },
            ...before,
          ];
          for (const side of sides) await leg(side, WARM_UP_SECONDS);
          const legs = new Map<Side, Leg[]>(sides.map((side) => [side, []]));
          const rows: (string | number)[][] = [];
          for (let round = 1; round <= ROUNDS; round++) {
            for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
              const result = await leg(side, SECONDS);
              legs.get(side)!.push(result);
              rows.push([round, side.label, result.pages, result.pagesPerSecond.toFixed(0), ms(result.p50), ms(result.p99), result.errors]);
              await sleep(500);
            }
          }
          console.log(formatTable(['round', 'side', 'pages', 'pages/s', 'p50 ms', 'p99 ms', 'wrong'], rows));
          const medianOf = (side: Side, key: keyof Leg) => median(legs.get(side)!.map((result) => result[key]));
          const offSide = sides[2]!;
          console.log('\nmedians of the rounds (targets: p99 <= 50 ms cached, <= 150 ms uncached)');
          console.log(
            formatTable(
              ['side', 'pages/s', 'p50 ms', 'p99 ms', 'p99 / SSR off', 'pages/s / SSR off'],
              sides.map((side) => [
                side.label,
                medianOf(side, 'pagesPerSecond').toFixed(0),
                ms(medianOf(side, 'p50')),
                ms(medianOf(side, 'p99')),
                (medianOf(side, 'p99') / medianOf(offSide, 'p99')).toFixed(2),
                (medianOf(side, 'pagesPerSecond') / medianOf(offSide, 'pagesPerSecond')).toFixed(2),
              ]),
            ),
          );
          const figureNames: Record<string, string> = {
            cached: 'server-rendered pages, cached',
            uncached: 'server-rendered pages, uncached',
            'SSR off': 'index.html (SSR off)',
            'before cached': `server-rendered pages, cached, ${BASELINE}`,
            'before uncached': `server-rendered pages, uncached, ${BASELINE}`,
          };
          for (const side of sides) {
            recordFigure(`${figureNames[side.label]}: pages/s, p99 ms`, `${medianOf(side, 'pagesPerSecond').toFixed(0)}, ${ms(medianOf(side, 'p99'))}`);
          }
          const wrong = sides.reduce((sum, side) => sum + legs.get(side)!.reduce((total, result) => total + result.errors, 0), 0);
          recordFigure('server-rendered pages: wrong pages', String(wrong));
        }),
      ),
    ),
  );
}
