/**
 * Search over a large catalog (docs/catalog.md, "Search"): BENCH_SEARCH_PRODUCTS (100,000) generated
 * products written straight into the bench shop's catalog database (../search-catalog.ts), then
 * BENCH_SEARCH_CLIENTS (100) people, each from a loopback address of their own and one request at a
 * time, searching through the gateway for BENCH_SEARCH_SECONDS (15) per leg: results pages (exact words,
 * misspellings, word starts; with and without facets and sorts; pages 1-3), facet counts and
 * suggestions as the header's box asks them.
 *
 * Three legs. The first two offer BENCH_SEARCH_RATE (50) searches a second in all (each person waits a
 * random time between searches, 2 s on average for 100 people), the load the latency target is about:
 * - as the shop runs: searches as popular as they are in life (the words by a Zipf law: the first word
 *   twice as often as the second…), so the gateway's and the catalog's read caches answer repeats;
 * - every request a different query (a price bound unique per request), so every read misses both
 *   caches and reaches PostgreSQL (suggestions, which take only the text, are left out of that leg).
 * The third leg is the capacity: the different queries back to back, no wait (its latency is the queue).
 * Prints p50/p99 and requests/s of each kind, and the query plans' key figures (EXPLAIN ANALYZE).
 */
import pg from 'pg';
import { TEST_DATABASE_URL } from '@shop/testing';
import { withBenchShop, type BenchShop } from '../bench-shop.js';
import { loopbackAddress, ShopClient } from '../http.js';
import { recordFigure } from '../results.js';
import { seedCatalog } from '../search-catalog.js';
import { settingsNote } from '../settings.js';
import { percentile, Recorder, sleep, sortNumbers } from '../stats.js';

const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_SEARCH_CLIENTS ?? 100);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 15);
const WARM_UP_SECONDS = Number(process.env.BENCH_SEARCH_WARM_UP ?? 3);
const RATE = Number(process.env.BENCH_SEARCH_RATE ?? 50);

const EXACT = ['camera', 'headphones', 'laptop', 'sony', 'wireless', 'backpack', 'coffee maker', 'running shoes', 'smartwatch', 'keyboard', 'black jacket', 'portable speaker'];
const TYPOS = ['camra', 'hedphones', 'laptpo', 'wireles', 'bakpack', 'cofee', 'smartwach', 'keybaord', 'jakcet', 'speeker'];
const PREFIXES = ['cam', 'headph', 'lapt', 'wirel', 'backp', 'coff', 'smartw', 'keyb', 'jack', 'speak'];
const FACETS = ['', '&brand=Sony', '&sort=price-asc', '&minPrice=50&maxPrice=100', '&rating=4&inStock=true', '&category=Audio&sort=rating', '&brand=Apple&brand=Samsung&sort=price-desc'];
const WORDS = [...EXACT, ...TYPOS, ...PREFIXES];

const pickOne = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

/** The n-th item is 1/n as likely as the first (Zipf, s = 1): a few searches are most of a shop's. */
function pickPopular<T>(items: readonly T[]): T {
  const weights = items.map((_, index) => 1 / (index + 1));
  let roll = Math.random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let index = 0; index < items.length; index++) {
    roll -= weights[index];
    if (roll <= 0) return items[index];
  }
  return items[items.length - 1];
}

/** A price bound unique per request, added to the filters: no two requests share a cache entry. */
function uniquely(facets: string, unique: number): string {
  // Above every price (the catalog's highest is about $2,005): the same results as without it.
  if (!facets.includes('maxPrice')) return `${facets}&maxPrice=${(500_000 + unique / 100).toFixed(2)}`;
  return facets.replace(/maxPrice=(\d+)/, (_, max: string) => `maxPrice=${(Number(max) + unique / 100).toFixed(2)}`);
}

/** One request of the mix: 70 % results pages, 20 % facets, 10 % suggestions (none when `unique`). */
function nextRequest(unique: number | undefined): { name: string; path: string } {
  const keyword = encodeURIComponent(unique === undefined ? pickPopular(WORDS) : pickOne(WORDS));
  const chosen = unique === undefined ? pickPopular(FACETS) : pickOne(FACETS);
  const facets = unique === undefined ? chosen : uniquely(chosen, unique);
  const roll = Math.random();
  if (roll < 0.7) return { name: 'results page', path: `/api/products?keyword=${keyword}&pageNumber=${1 + Math.floor(Math.random() * 3)}${facets}` };
  if (roll < 0.9 || unique !== undefined) return { name: 'facets', path: `/api/products/facets?keyword=${keyword}${facets.replace(/&sort=[a-z-]+/, '')}` };
  return { name: 'suggestions', path: `/api/products/suggestions?q=${keyword}` };
}

interface LegFigures {
  requestsPerSecond: number;
  recorder: Recorder;
}

/** A wait with the mean that makes CLIENTS people offer `rate` requests a second (0: none). */
const waitFor = (rate: number) => (rate > 0 ? sleep((CLIENTS / rate) * 1000 * (0.5 + Math.random())) : Promise.resolve());

async function leg(shop: BenchShop, seconds: number, unique: boolean, rate: number): Promise<LegFigures> {
  const recorder = new Recorder();
  const clients = Array.from({ length: CLIENTS }, (_, n) => new ShopClient(shop.base, recorder, { localAddress: loopbackAddress(n), connections: 1 }));
  let counter = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      // Arrivals spread over the first wait, not all at once.
      if (rate > 0) await sleep(Math.random() * (CLIENTS / rate) * 1000);
      while (performance.now() < until) {
        const { name, path } = nextRequest(unique ? counter++ : undefined);
        const answer = await client.call('GET', path, { name });
        if (answer.status !== 200) recorder.record(`${name}: not 200`, answer.ms, answer.status);
        await waitFor(rate);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.close()));
  const count = recorder.timesOf(() => true).length;
  return { requestsPerSecond: count / elapsed, recorder };
}

/** EXPLAIN ANALYZE of the statements a search runs, on the seeded table: the figures docs/catalog.md quotes. */
async function explain(db: pg.Client): Promise<void> {
  const statements: [string, string][] = [
    ['nearest words of a misspelt one (GiST, trigram distance)', `SELECT word FROM product_search_word ORDER BY word <-> 'camra' LIMIT 3`],
    ['a word start, relevance, page 1 (GIN)', `SELECT id, count(*) OVER () FROM product WHERE search_vector @@ 'wirel:*'::tsquery ORDER BY ts_rank(search_vector, 'wirel:*'::tsquery, 1) DESC, rating DESC, created_at DESC, id DESC LIMIT 8`],
    ['two words, price up, page 1 (GIN)', `SELECT id, count(*) OVER () FROM product WHERE search_vector @@ 'soni:* & headphon:*'::tsquery ORDER BY price_cents, created_at DESC, id DESC LIMIT 8`],
  ];
  for (const [what, sql] of statements) {
    const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`)).rows.map((row: Record<string, string>) => row['QUERY PLAN']);
    const nodes = plan.filter((line) => /Scan|Sort Method|WindowAgg|Limit/.test(line)).map((line) => line.trim().replace(/\(cost=[^)]*\)\s*/, ''));
    console.log(`\n${what}: ${plan.find((line) => line.startsWith('Execution Time')) ?? ''}\n  ${nodes.join('\n  ')}`);
  }
}

function report(label: string, figures: LegFigures): void {
  console.log(`\n-- ${label}: ${figures.requestsPerSecond.toFixed(0)} requests/s over ${CLIENTS} clients\n${figures.recorder.table()}`);
  const all = sortNumbers(figures.recorder.timesOf((name) => !name.includes('not 200')));
  const p50 = percentile(all, 0.5);
  const p99 = percentile(all, 0.99);
  console.log(`all searches: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target p99 ≤ 50 ms)`);
  recordFigure(`search over ${PRODUCTS} products, ${label}: requests/s, p50, p99`, `${figures.requestsPerSecond.toFixed(0)}, ${p50.toFixed(1)} ms, ${p99.toFixed(1)} ms`);
}

export async function search(): Promise<void> {
  await withBenchShop(
    {
      RATE_LIMIT_PER_MINUTE: {
        value: '0',
        why: `the capacity leg sends each of the ${CLIENTS} clients' searches back to back (about a hundred a minute each, more on a faster machine), near or past the 600 one address may send, and a fast 429 would flatter the figures; the two legs at ${RATE} searches/s offered stay far under it (${Math.round((RATE / CLIENTS) * 60)} a minute each)`,
      },
    },
    async (shop) => {
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${shop.prefix}_catalog`;
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        await seedCatalog(db, PRODUCTS);
        await explain(db);
      } finally {
        await db.end();
      }
      console.log(`\nsearch: ${CLIENTS} clients from ${CLIENTS} addresses, one request at a time, ${SECONDS} s per leg after ${WARM_UP_SECONDS} s of warm-up; ${settingsNote(shop.settings)}`);
      await leg(shop, WARM_UP_SECONDS, false, RATE);
      report(`${RATE} searches/s offered, as the shop runs (popular searches, read caches on)`, await leg(shop, SECONDS, false, RATE));
      await sleep(1_000);
      report(`${RATE} searches/s offered, every request a different query (cache misses)`, await leg(shop, SECONDS, true, RATE));
      await sleep(1_000);
      report('capacity: different queries back to back (latency is the queue)', await leg(shop, SECONDS, true, 0));
    },
  );
}
