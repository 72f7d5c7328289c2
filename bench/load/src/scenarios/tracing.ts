/**
 * What tracing costs the order pipeline (docs/operations.md, "What tracing costs"): the `orders` load
 * (CUSTOMERS customers, each from a loopback address of its own, one-line orders back to back, each
 * waiting for its outcome) against two shops running side by side, one with tracing off and one with
 * tracing on, in alternating bursts.
 *
 * Tracing on: every part exports OTLP/HTTP protobuf (the SDK's default) to a sink in this process that
 * reads and drops it, one order in fifty traced whole (`parentbased_traceidratio` 0.02, as compose.yaml
 * and the manifests set it; BENCH_TRACING_RATIO=1 traces every order), and a batch queue large enough
 * that no span is dropped when more is traced, so the figure is the whole cost of the spans kept and of
 * the instrumentation of the rest.
 *
 * Why bursts against two running shops: on this shared two-core machine the same shop's throughput, and
 * even the CPU time one request takes, drift by up to ±30 % within minutes (a neighbour, the host's
 * clock speed), more than the cost sought. Rounds of a fresh shop each, off then on, measured that drift
 * (and, always second, charged it to tracing). Here the two shops take BENCH_TRACING_BURST seconds of
 * load in turn, the order of each pair flipped every other pair (off-on, on-off, …), so that a drift
 * falls on both alike. After each burst the machine is let settle (the shop's processes quiet: its
 * relay and consumers finish what the orders started, PostgreSQL its writes) before the other shop's burst.
 * Both send their mails to a sink in the bench (SMTP_URL), as production hands them to a relay off the
 * machine: npm start's MailDev parses and stores each one, took more CPU per order than the orders
 * service, and was still at a burst's mails during the next.
 *
 * Two figures: the throughput ratio of each pair (their geometric mean, which the flipped order makes
 * fair to both), and the work each order costs: all CPU time each shop spent from its first measured
 * burst to the end (its parts, its PostgreSQL backends, NATS; the work its orders left for later, the
 * spans exported after a burst among it) per order it confirmed. On a machine whose cores the pipeline
 * fills, throughput is that work's inverse.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { ProductDto, UserInfoDto } from '@shop/contracts';
import { BENCH_ADMIN, withBenchShop, type BenchEnv, type BenchShop } from '../bench-shop.js';
import { loopbackAddress, ShopClient } from '../http.js';
import { shopProcesses, type PartFigures } from '../processes.js';
import { recordFigure } from '../results.js';
import { placeOrder, registerCustomers, signIn, stockUp } from '../shop-actions.js';

const CUSTOMERS = Number(process.env.BENCH_ORDERS_CUSTOMERS ?? 50);
const WARM_UP_S = Number(process.env.BENCH_ORDERS_WARM_UP ?? 5);
/** Pairs of bursts, one of each shop. */
const ROUNDS = Number(process.env.BENCH_TRACING_ROUNDS ?? 10);
const BURST_S = Number(process.env.BENCH_TRACING_BURST ?? 8);
/**
 * The share of orders traced: compose.yaml's and the manifests' 0.02 by default (one order in fifty,
 * whole); BENCH_TRACING_RATIO=1 traces every one (the SDK's own default, parentbased_always_on).
 */
const RATIO = Number(process.env.BENCH_TRACING_RATIO ?? 0.02);

const LOAD_ENV: BenchEnv = {
  RATE_LIMIT_PER_MINUTE: { value: '0', why: `each of the ${CUSTOMERS} customers orders back to back, past the 600 requests a minute one address may send: each stands for many people` },
};

/** The load's settings with the shop's mails sent to `smtpUrl`. */
const mailedTo = (smtpUrl: string): BenchEnv => ({
  ...LOAD_ENV,
  SMTP_URL: { value: smtpUrl, why: "the shop's mails to a sink in the bench that drops them, as production hands them to a relay off the machine (npm start's MailDev would take more CPU than the orders service)" },
});

/**
 * An SMTP server that takes every mail and drops it, as a mail provider's relay would take it off the
 * machine. npm start's local mail catcher (MailDev) parses and stores each mail: at these rates it took
 * more CPU per order than the orders service, and finished a burst's mails during the next burst.
 */
async function startMailSink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An OTLP/HTTP receiver that reads what it is sent and drops it, answering as a collector does. */
async function startSink() {
  let exports = 0;
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      exports += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    taken: () => ({ exports, bytes }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Burst {
  orders: number;
  ordersPerSecond: number;
  /** CPU seconds the whole machine was busy from the burst's start until the shop settled. */
  machineSeconds: number;
}

/** The CPU milliseconds per confirmed order each part spent between two readings. */
function cpuPerOrder(before: PartFigures[], after: PartFigures[], orders: number): Map<string, number> {
  const spent = new Map<string, number>();
  for (const part of after) {
    const start = before.find((figures) => figures.part === part.part)?.cpuSeconds ?? 0;
    const name = part.part === 'nats (shared)' ? 'nats' : part.part;
    spent.set(name, (spent.get(name) ?? 0) + ((part.cpuSeconds - start) * 1000) / Math.max(1, orders));
  }
  return spent;
}

const total = (cpu: Map<string, number>) => [...cpu.values()].reduce((sum, ms) => sum + ms, 0);

/** A shop stocked and its customers signed up, ready to take bursts of orders. */
interface Loaded {
  shop: BenchShop;
  clients: ShopClient[];
  customers: UserInfoDto[];
  products: ProductDto[];
}

async function prepare(shop: BenchShop): Promise<Loaded> {
  const setup = new ShopClient(shop.base, undefined, { connections: 4 });
  const admin = await signIn(setup, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const products: ProductDto[] = await stockUp(setup, admin.token, 1_000_000);
  await setup.close();
  const clients = Array.from({ length: CUSTOMERS }, (_, n) => new ShopClient(shop.base, undefined, { localAddress: loopbackAddress(n), connections: 1 }));
  const customers = await registerCustomers((n) => clients[n], `tracing-${shop.prefix}`, CUSTOMERS);
  return { shop, clients, customers, products };
}

/** CPU seconds the shop's processes have used so far. */
const cpuOf = (shop: BenchShop) => shopProcesses(shop.pid, shop.prefix).reduce((sum, part) => sum + part.cpuSeconds, 0);

/** CPU seconds the whole machine has been busy so far (/proc/stat: user, nice, system, irq, softirq; ticks of 1/100 s). */
function machineCpu(): number {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq) / 100;
}

/**
 * Waits (up to 15 s) until the shop's processes, and the machine as a whole (PostgreSQL's own vacuum and
 * checkpoints after a burst of writes are no shop's process), use under a tenth of a core, resp. a
 * fifth, over half a second.
 */
async function settle(shop: BenchShop): Promise<void> {
  const until = performance.now() + 15_000;
  let before = { shop: cpuOf(shop), machine: machineCpu() };
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = { shop: cpuOf(shop), machine: machineCpu() };
    if (now.shop - before.shop < 0.05 && now.machine - before.machine < 0.1) return;
    before = now;
  }
}

/** Every customer orders back to back for `seconds`, then the shop settles; the orders confirmed in them. */
async function burst({ shop, clients, customers, products }: Loaded, seconds: number): Promise<Burst> {
  let confirmed = 0;
  const machineBefore = machineCpu();
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    customers.map(async (customer, n) => {
      while (performance.now() < end) {
        const placed = await placeOrder(clients[n], customer.token, products[Math.floor(Math.random() * products.length)]._id, { wait: true, pollMs: 100 });
        if (placed.order?.status === 'confirmed' && performance.now() <= end) confirmed += 1;
      }
    }),
  );
  await settle(shop);
  return { orders: confirmed, ordersPerSecond: confirmed / seconds, machineSeconds: machineCpu() - machineBefore };
}

/** The median (of an even count, the mean of the two in the middle). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const percent = (ratio: number) => `${((ratio - 1) * 100).toFixed(1)} %`;

export async function tracingCost(): Promise<void> {
  console.log(
    `\n== Tracing's cost: the orders load (${CUSTOMERS} customers) on two shops side by side, tracing off and on ` +
      `(${RATIO * 100} % of orders traced), in ${ROUNDS} pairs of ${BURST_S} s bursts after ${WARM_UP_S} s of warm-up each`,
  );
  const sink = await startSink();
  const mail = await startMailSink();
  const untracedEnv = mailedTo(mail.url);
  const tracingEnv: BenchEnv = {
    ...untracedEnv,
    OTEL_EXPORTER_OTLP_ENDPOINT: { value: sink.endpoint, why: 'tracing on: every part sends its spans (OTLP/HTTP protobuf) to a sink in the bench that drops them' },
    // The batch processor's defaults (2,048 spans, sent every 5 s) hold one order in fifty at 500 orders/s
    // (about 20 spans each: 1,000 per 5 s); tracing more, a larger queue, so that no span is dropped for
    // want of room, which would hide its cost.
    ...(RATIO > 0.04
      ? { OTEL_BSP_MAX_QUEUE_SIZE: { value: '200000', why: `no span dropped for want of room at ${RATIO * 100} % traced (the default 2,048 would drop most, hiding their cost)` } }
      : {}),
    OTEL_TRACES_SAMPLER: { value: 'parentbased_traceidratio', why: `${RATIO * 100} % of orders traced, each whole (compose.yaml's and the manifests' setting)` },
    OTEL_TRACES_SAMPLER_ARG: { value: String(RATIO), why: 'the share of orders traced (BENCH_TRACING_RATIO)' },
  };
  const off: Burst[] = [];
  const on: Burst[] = [];
  const spans = { exports: 0, bytes: 0 };
  const work = { off: new Map<string, number>(), on: new Map<string, number>() };
  try {
    await withBenchShop(untracedEnv, async (offShop) =>
      withBenchShop(tracingEnv, async (onShop) => {
        const untraced = await prepare(offShop);
        const traced = await prepare(onShop);
        await burst(untraced, WARM_UP_S);
        await burst(traced, WARM_UP_S);
        const cpuBefore = { off: shopProcesses(offShop.pid, offShop.prefix), on: shopProcesses(onShop.pid, onShop.prefix) };
        const spansBefore = sink.taken();
        for (let n = 1; n <= ROUNDS; n++) {
          const onFirst = n % 2 === 0;
          const first = await burst(onFirst ? traced : untraced, BURST_S);
          const second = await burst(onFirst ? untraced : traced, BURST_S);
          off.push(onFirst ? second : first);
          on.push(onFirst ? first : second);
          console.log(
            `pair ${String(n).padStart(2)} (${onFirst ? 'on, off' : 'off, on'}): confirmed orders/s off ${off[n - 1].ordersPerSecond.toFixed(1)}, on ${on[n - 1].ordersPerSecond.toFixed(1)}`,
          );
        }
        // The traced shop's last spans leave within the batch processor's 5 s; both wait alike.
        await new Promise((resolve) => setTimeout(resolve, 6000));
        const spansAfter = sink.taken();
        spans.exports = spansAfter.exports - spansBefore.exports;
        spans.bytes = spansAfter.bytes - spansBefore.bytes;
        const sum = (bursts: Burst[]) => bursts.reduce((orders, taken) => orders + taken.orders, 0);
        work.off = cpuPerOrder(cpuBefore.off, shopProcesses(offShop.pid, offShop.prefix), sum(off));
        work.on = cpuPerOrder(cpuBefore.on, shopProcesses(onShop.pid, onShop.prefix), sum(on));
        await Promise.all([...untraced.clients, ...traced.clients].map((client) => client.close()));
      }),
    );
  } finally {
    await sink.close();
    await mail.close();
  }
  const rates = on.map((taken, n) => taken.ordersPerSecond / off[n].ordersPerSecond);
  const rate = Math.exp(rates.reduce((sum, ratio) => sum + Math.log(ratio), 0) / rates.length);
  const workRatio = total(work.on) / total(work.off);
  const machineMs = (bursts: Burst[]) => (bursts.reduce((sum, taken) => sum + taken.machineSeconds, 0) * 1000) / bursts.reduce((sum, taken) => sum + taken.orders, 0);
  const machineRatio = machineMs(on) / machineMs(off);
  console.log(`\nspans sent by the traced shop while measured: ${spans.exports} exports, ${(spans.bytes / 1e6).toFixed(1)} MB`);
  console.log(`throughput on / off in each pair: ${rates.map((ratio) => ratio.toFixed(3)).join(', ')}`);
  console.log(`\nCPU ms per confirmed order, all the measured time (off → on):`);
  const parts = [...new Set([...work.off.keys(), ...work.on.keys()])].sort();
  for (const part of parts) console.log(`  ${part.padEnd(10)} ${(work.off.get(part) ?? 0).toFixed(3)} → ${(work.on.get(part) ?? 0).toFixed(3)}`);
  console.log(`  ${'its parts'.padEnd(10)} ${total(work.off).toFixed(3)} → ${total(work.on).toFixed(3)} = ${workRatio.toFixed(3)} (${percent(workRatio)} work per order)`);
  console.log('  (postgres: the backends alive at both readings only; those the pools closed between bursts took their CPU time with them)');
  console.log(
    `  ${'machine'.padEnd(10)} ${machineMs(off).toFixed(3)} → ${machineMs(on).toFixed(3)} = ${machineRatio.toFixed(3)} (${percent(machineRatio)}: all of it, PostgreSQL and this bench's customers included, each burst until settled)`,
  );
  console.log(
    `\ntracing on / off, confirmed orders/s: geometric mean of the pairs' ratios ${rate.toFixed(3)} (cost ${((1 - rate) * 100).toFixed(1)} %); ` +
      `medians ${median(on.map((taken) => taken.ordersPerSecond)).toFixed(1)} / ${median(off.map((taken) => taken.ordersPerSecond)).toFixed(1)}`,
  );
  recordFigure('confirmed orders/s in a burst, tracing off (median)', median(off.map((taken) => taken.ordersPerSecond)).toFixed(1));
  recordFigure('confirmed orders/s in a burst, tracing on (median)', median(on.map((taken) => taken.ordersPerSecond)).toFixed(1));
  recordFigure(`tracing on (${RATIO * 100} % traced) / off, geometric mean of ${ROUNDS} pairs`, rate.toFixed(3));
  recordFigure(`CPU per order of the shop's parts, tracing on (${RATIO * 100} % traced) / off`, workRatio.toFixed(3));
  recordFigure(`machine CPU per order, tracing on (${RATIO * 100} % traced) / off`, machineRatio.toFixed(3));
}
