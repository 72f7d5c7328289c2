/**
 * The gateway's raw capacity for catalog reads, against a bare baseline, side by side in one run. It
 * measures capacity, not a crowd: autocannon's connections all come from one address, as they would
 * from a CDN or a load balancer in front of the shop, so the gateway's per-address rate limit is off for
 * it (printed with the settings; the per-address connection cap, 64, is above its 50 connections). The
 * crowd, each person from an address of their own under the default limits, is the shoppers scenario.
 *
 * GET /api/products and GET /api/products/{id} through the shop's gateway, and the same two calls to a bare `node:http` + `pg`
 * server (../baseline/catalog-server.ts, a process of its own) answering the same JSON from the same
 * queries on the bench shop's catalog database. autocannon drives CONNECTIONS (50) connections for
 * BENCH_CATALOG_SECONDS (10) per leg, baseline and shop alternating, BENCH_CATALOG_ROUNDS (3) rounds;
 * per round it prints requests/s, p50 and p99 of both and the ratios (shop/baseline requests/s, shop
 * p99/baseline p99), then the median ratios and the CPU of every process during each side's legs.
 * Absolute figures drift on these machines; the ratios of one run hold.
 *
 * Then: how long an admin's product change takes to show in the list through the gateway (under
 * load, so every cache on the way is warm), and the caching headers of the list, a product, a
 * revalidation and a signed-in read.
 */
import { cpus } from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ProductDetailDto, ProductListDto } from '@shop/contracts';
import { TEST_DATABASE_URL } from '@shop/testing';
import { BENCH_ADMIN, withBenchShop, type BenchShop } from '../bench-shop.js';
import { ShopClient } from '../http.js';
import { cpuShares, ownCpuSeconds, shopProcesses, type PartFigures } from '../processes.js';
import { recordFigure } from '../results.js';
import { settingsNote } from '../settings.js';
import { signIn } from '../shop-actions.js';
import { formatTable, median, sleep } from '../stats.js';

const CONNECTIONS = Number(process.env.BENCH_CATALOG_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_CATALOG_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_CATALOG_ROUNDS ?? 3);
const WARM_UP_SECONDS = Number(process.env.BENCH_CATALOG_WARM_UP ?? 2);
/** How many product changes are timed. */
const CHANGES = Number(process.env.BENCH_CATALOG_CHANGES ?? 5);

const baselineScript = fileURLToPath(new URL('../baseline/catalog-server.js', import.meta.url));

/** The part of autocannon 9's API used here (it ships no types). */
interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Leg {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/** One autocannon run; throws when anything but 2xx came back (a fast 429 or 5xx would flatter the figures). */
async function load(url: string, seconds: number): Promise<Leg> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { accept: 'application/json' } });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors (${result.timeouts} timeouts): ${JSON.stringify(result.statusCodeStats)}`);
  }
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

interface Baseline {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Starts the bare server on the shop's catalog database and waits until it listens. */
async function startBaseline(prefix: string): Promise<Baseline> {
  const databaseUrl = new URL(TEST_DATABASE_URL);
  databaseUrl.pathname = `/${prefix}_catalog`;
  const child: ChildProcess = spawn(process.execPath, [baselineScript], {
    env: { ...process.env, BASELINE_DATABASE_URL: databaseUrl.toString(), BASELINE_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]);
    });
    child.once('exit', (code) => reject(new Error(`the baseline server exited (${code}): ${output}`)));
  });
  return {
    base,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Both answer the same JSON, or the comparison means nothing. */
async function checkSameJson(shop: ShopClient, baseline: ShopClient, paths: string[]): Promise<void> {
  for (const path of paths) {
    const [ours, bare] = await Promise.all([shop.call(`GET`, path), baseline.call('GET', path)]);
    if (ours.status !== 200 || bare.status !== 200 || JSON.stringify(ours.body) !== JSON.stringify(bare.body)) {
      throw new Error(`${path}: the shop (${ours.status}) and the baseline (${bare.status}) answer different JSON`);
    }
  }
}

/** CPU of the shop's processes (with the instance's PostgreSQL backends), the baseline's and the load generator's. */
function cpuReading(shop: BenchShop, baseline: Baseline): { at: number; parts: PartFigures[] } {
  const parts = [
    ...shopProcesses(shop.pid, shop.prefix),
    ...shopProcesses(baseline.pid).map((part) => ({ ...part, part: 'baseline server' })),
    { part: 'load generator (this bench)', rssMb: 0, cpuSeconds: ownCpuSeconds() },
  ];
  return { at: performance.now(), parts };
}

/** Adds one leg's CPU seconds per process to `total`. */
function addCpu(total: Map<string, number>, before: ReturnType<typeof cpuReading>, after: ReturnType<typeof cpuReading>): number {
  const seconds = (after.at - before.at) / 1000;
  // A process that ended meanwhile (an idle database connection closed) takes its CPU time with it: never below 0.
  for (const { part, percent } of cpuShares(before.parts, after.parts, seconds)) total.set(part, (total.get(part) ?? 0) + Math.max(0, (percent * seconds) / 100));
  return seconds;
}

const ms = (value: number) => value.toFixed(1);
const ratio = (value: number) => value.toFixed(2);

interface Target {
  name: string;
  path: string;
}

async function compare(shop: BenchShop, baseline: Baseline, targets: Target[]): Promise<void> {
  for (const target of targets) {
    console.log(`\n-- ${target.name}: ${CONNECTIONS} connections from one address, ${SECONDS} s per leg, ${ROUNDS} rounds (baseline, then shop)`);
    await load(`${baseline.base}${target.path}`, WARM_UP_SECONDS);
    await load(`${shop.base}${target.path}`, WARM_UP_SECONDS);
    const rows: (string | number)[][] = [];
    const throughputRatios: number[] = [];
    const p99Ratios: number[] = [];
    const shopThroughputs: number[] = [];
    const cpu = { baseline: new Map<string, number>(), shop: new Map<string, number>() };
    const seconds = { baseline: 0, shop: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      let before = cpuReading(shop, baseline);
      const bare = await load(`${baseline.base}${target.path}`, SECONDS);
      let after = cpuReading(shop, baseline);
      seconds.baseline += addCpu(cpu.baseline, before, after);
      before = after;
      const ours = await load(`${shop.base}${target.path}`, SECONDS);
      after = cpuReading(shop, baseline);
      seconds.shop += addCpu(cpu.shop, before, after);
      const throughputRatio = ours.requestsPerSecond / bare.requestsPerSecond;
      const p99Ratio = ours.p99 / bare.p99;
      throughputRatios.push(throughputRatio);
      shopThroughputs.push(ours.requestsPerSecond);
      p99Ratios.push(p99Ratio);
      rows.push([
        round,
        bare.requestsPerSecond.toFixed(0),
        ms(bare.p50),
        ms(bare.p99),
        ours.requestsPerSecond.toFixed(0),
        ms(ours.p50),
        ms(ours.p99),
        ratio(throughputRatio),
        ratio(p99Ratio),
      ]);
    }
    rows.push(['median', '', '', '', '', '', '', ratio(median(throughputRatios)), ratio(median(p99Ratios))]);
    recordFigure(`${target.name}: shop req/s (median of rounds)`, median(shopThroughputs).toFixed(0));
    recordFigure(`${target.name}: shop / bare req/s, p99 (medians)`, `${ratio(median(throughputRatios))}×, ${ratio(median(p99Ratios))}×`);
    console.log(
      formatTable(
        ['round', 'baseline req/s', 'p50 ms', 'p99 ms', 'shop req/s', 'p50 ms', 'p99 ms', 'req/s ratio', 'p99 ratio'],
        rows,
      ),
    );
    const parts = [...new Set([...cpu.baseline.keys(), ...cpu.shop.keys()])]
      .map((part) => [part, ((cpu.baseline.get(part) ?? 0) / seconds.baseline) * 100, ((cpu.shop.get(part) ?? 0) / seconds.shop) * 100] as const)
      .filter(([, bare, ours]) => bare >= 0.5 || ours >= 0.5)
      .sort((a, b) => b[2] + b[1] - (a[2] + a[1]));
    console.log(`CPU during the legs (100 % = one core; the machine has ${cpus().length}):`);
    console.log(formatTable(['process', 'baseline legs %', 'shop legs %'], parts.map(([part, bare, ours]) => [part, bare.toFixed(0), ours.toFixed(0)])));
  }
}

/** What PUT /api/products/{id} takes of a product. */
function editableFieldsOf(product: ProductDetailDto) {
  const { name, price, image, brand, category, countInStock, description } = product;
  return { name, price, image, brand, category, countInStock, description };
}

/**
 * An admin renames a product of the list's first page; how long until GET /api/products through the
 * gateway shows the new name, polled every 10 ms, while CONNECTIONS connections keep reading the
 * list (so every cache on the way is warm and being refreshed).
 */
async function timeProductChanges(shop: BenchShop): Promise<void> {
  const client = new ShopClient(shop.base, undefined, { connections: 4 });
  const admin = await signIn(client, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const list = await client.expect<ProductListDto>(200, 'GET', '/api/products');
  const product = await client.expect<ProductDetailDto>(200, 'GET', `/api/products/${list.products[0]._id}`);
  const background = load(`${shop.base}/api/products`, Math.ceil(CHANGES * 1.5) + 3);
  await sleep(1_000);
  const delays: number[] = [];
  for (let change = 1; change <= CHANGES; change++) {
    const name = `${product.name} (${Date.now().toString(36)})`;
    await client.expect(200, 'PUT', `/api/products/${product._id}`, { token: admin.token, body: { ...editableFieldsOf(product), name } });
    const changed = performance.now();
    for (;;) {
      const answer = await client.call<ProductListDto>('GET', '/api/products');
      if (answer.status === 200 && answer.body.products.some((p) => p.name === name)) break;
      if (performance.now() - changed > 10_000) throw new Error(`the new name ${name} did not show within 10 s`);
      await sleep(10);
    }
    delays.push(performance.now() - changed);
    await sleep(150);
  }
  await background;
  console.log(
    `\na product change shows in the list after ${delays.map((delay) => delay.toFixed(0)).join(', ')} ms ` +
      `(max ${Math.max(...delays).toFixed(0)} ms; an admin PUT, then the list polled through the gateway every 10 ms, under ${CONNECTIONS} connections of list reads)`,
  );
  recordFigure('a product edit shows in the list after (max of the changes)', `${Math.max(...delays).toFixed(0)} ms`);
  // Put the name back, so that a later scenario finds the catalog as seeded.
  await client.expect(200, 'PUT', `/api/products/${product._id}`, { token: admin.token, body: editableFieldsOf(product) });
  await client.close();
}

/** A GET whose body is not read (it may be compressed): status and headers. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    }).on('error', reject);
  });
}

/** The caching headers the shop answers, as a browser or a CDN sees them. */
async function printHeaders(shop: BenchShop, productId: string): Promise<void> {
  const client = new ShopClient(shop.base, undefined, { connections: 1 });
  const admin = await signIn(client, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const show = (headers: Record<string, string | string[] | undefined>) =>
    ['cache-control', 'etag', 'vary', 'age']
      .filter((name) => headers[name] !== undefined)
      .map((name) => `${name}: ${String(headers[name])}`)
      .join(' | ');
  console.log('\ncaching headers through the gateway:');
  for (const path of ['/api/products', `/api/products/${productId}`]) {
    const first = await client.call('GET', path);
    console.log(`  GET ${path} -> ${first.status}  ${show(first.headers)}`);
    const etag = first.headers.etag;
    if (typeof etag === 'string') {
      const again = await client.call('GET', path, { headers: { 'if-none-match': etag } });
      console.log(`  GET ${path} If-None-Match: ${etag} -> ${again.status}  ${show(again.headers)}`);
    }
  }
  const signedIn = await client.call('GET', '/api/products', { token: admin.token });
  console.log(`  GET /api/products with Authorization -> ${signedIn.status}  ${show(signedIn.headers)}`);
  const compressed = await rawGet(`${shop.base}/api/products`, { 'accept-encoding': 'br, gzip' });
  console.log(`  GET /api/products Accept-Encoding: br, gzip -> ${compressed.status}  content-encoding: ${String(compressed.headers['content-encoding'])} | ${show(compressed.headers)}`);
  await client.close();
}

export async function catalogReads(): Promise<void> {
  console.log(`\n== Catalog reads: the shop through its gateway against a bare node:http + pg server, side by side`);
  await withBenchShop(
    {
      RATE_LIMIT_PER_MINUTE: {
        value: '0',
        why: "it measures the gateway's raw capacity against a bare server without limits: autocannon's connections from one address stand for a CDN or a load balancer in front of it, not a crowd (the shoppers scenario is the crowd, with the default limits)",
      },
    },
    async (shop) => {
      const baseline = await startBaseline(shop.prefix);
      try {
        const shopClient = new ShopClient(shop.base, undefined, { connections: 1 });
        const baselineClient = new ShopClient(baseline.base, undefined, { connections: 1 });
        const list = await shopClient.expect<ProductListDto>(200, 'GET', '/api/products');
        const productId = list.products[0]._id;
        const targets = [
          { name: 'GET /api/products', path: '/api/products' },
          { name: 'GET /api/products/{id}', path: `/api/products/${productId}` },
        ];
        // Page 2 as well; not a search: the catalog's search ranks by relevance with full-text search and
        // corrections (issue 26), which the bare baseline does not do, and the `search` scenario measures it.
        await checkSameJson(shopClient, baselineClient, [...targets.map((target) => target.path), '/api/products?pageNumber=2']);
        console.log(`same JSON from both for ${targets.map((target) => target.path).join(', ')} and page 2`);
        await Promise.all([shopClient.close(), baselineClient.close()]);
        await compare(shop, baseline, targets);
        console.log(settingsNote(shop.settings));
        await timeProductChanges(shop);
        await printHeaders(shop, productId);
      } finally {
        await baseline.stop();
      }
    },
  );
}
