/**
 * The order pipeline under a sale: CUSTOMERS (default 50) customers, each from a loopback address of
 * its own (127.0.x.y) with a connection of its own, each place one-line orders back to back for
 * DURATION seconds.
 *
 *   orders          each placement asks to wait for the outcome (Prefer: wait, as the shop's front end
 *                   does); a pending answer is asked again every 100 ms
 *   orders-polling  each placement is sent WITHOUT Prefer: wait and the order is then read
 *                   (GET /api/orders/{id}) every BENCH_POLL_MS (20) ms until it is final, as an order page
 *                   that reloads would
 *
 * Prints confirmed orders per second, the placement call's latency and placement → outcome latency,
 * GETs per order, what is left pending, what one order costs (CPU of each process, PostgreSQL commits,
 * JetStream messages), where its time goes hop by hop, the batching the services showed, and the
 * ceiling: the same SQL per order, with that batching and those reads, run by pgbench on a copy of the
 * shop's schemas (ceiling.ts).
 */
import type { ProductDto } from '@shop/contracts';
import { BENCH_ADMIN, withBenchShop, type BenchEnv } from '../bench-shop.js';
import { endLoopWindow, startLoopWindow } from '../event-loops.js';
import { installStatementCounters, printBatching, readBatching, readStatementCounters, removeStatementCounters, withClient, type Batching } from '../batching.js';
import { dumpSchemas, measureCeiling, type ShopSchemas } from '../ceiling.js';
import { loopbackAddress, ShopClient } from '../http.js';
import { printCosts, takeReading } from '../measure.js';
import { printOrderTimeline } from '../order-timeline.js';
import { recordFigure } from '../results.js';
import { settingsNote } from '../settings.js';
import { placeOrder, registerCustomers, signIn, stockUp, type PlacedOrder } from '../shop-actions.js';
import { percentile, Recorder, sleep, sortNumbers } from '../stats.js';

const CUSTOMERS = Number(process.env.BENCH_ORDERS_CUSTOMERS ?? 50);
const DURATION_S = Number(process.env.BENCH_ORDERS_DURATION ?? 20);
const WARM_UP_S = Number(process.env.BENCH_ORDERS_WARM_UP ?? 3);
/** How often the polling scenario reads a pending order. */
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 20);
/** BENCH_ORDERS_CEILING=0 skips the pgbench ceiling. */
const CEILING = process.env.BENCH_ORDERS_CEILING !== '0';
/** A built checkout of the tree before a change, run beside this one in alternating rounds. */
const BASELINE = process.env.BENCH_BASELINE_TREE;
const ROUNDS = Number(process.env.BENCH_ORDERS_ROUNDS ?? 3);

interface Mode {
  name: string;
  /** Placements ask to wait for the outcome (Prefer: wait). */
  wait: boolean;
  pollMs: number;
  /** Measure the pgbench ceiling after the run. */
  ceiling: boolean;
  env: BenchEnv;
}

/** The pipeline is measured as a newcomer's `npm start` runs it: logs at `info` (the harness's default is `warn`) and the mail catcher on. */
const INFO_LOGS = { value: 'info', why: "npm start's default: the pipeline is measured with its log lines" };

const ORDERS: Mode = {
  name: 'orders',
  wait: true,
  pollMs: 100,
  ceiling: CEILING,
  env: {
    LOG_LEVEL: INFO_LOGS,
    RATE_LIMIT_PER_MINUTE: {
      value: '0',
      why: `each of the ${CUSTOMERS} customers orders back to back (about 10 orders a second at 500 orders/s), past the 600 requests a minute one address may send: each stands for many people`,
    },
  },
};

const POLLING: Mode = {
  name: 'orders-polling',
  wait: false,
  pollMs: POLL_MS,
  ceiling: CEILING,
  env: {
    LOG_LEVEL: INFO_LOGS,
    RATE_LIMIT_PER_MINUTE: {
      value: '0',
      why: `each of the ${CUSTOMERS} customers orders back to back and reads its pending order every ${POLL_MS} ms (up to ${Math.round(60_000 / POLL_MS)} requests a minute), past the 600 one address may send`,
    },
  },
};

type Placed = PlacedOrder & { placedAt: number; sentAt: number };

const ms = (value: number) => value.toFixed(1);

/**
 * The confirmation mails of the run: issue 44 measures the pipeline with them sent, so the run must not
 * leave them behind. Waits (up to 60 s) until every recorded mail is sent and says how many were sent
 * by the time the load stopped and how long the rest took.
 */
async function mailsSent(prefix: string, orders: number): Promise<string> {
  const count = () =>
    withClient(`${prefix}_orders`, async (client) => {
      const { rows } = await client.query<{ recorded: number; sent: number }>(
        `SELECT count(*)::int AS recorded, count(sent_at)::int AS sent FROM mail_outbox WHERE key LIKE 'order.confirmed:%'`,
      );
      return rows[0];
    });
  const atEnd = await count();
  const started = performance.now();
  let now = atEnd;
  while (now.sent < now.recorded && performance.now() - started < 60_000) {
    await sleep(250);
    now = await count();
  }
  const after = ((performance.now() - started) / 1000).toFixed(1);
  const line = `${atEnd.recorded}, ${atEnd.sent}, ${now.sent - atEnd.sent} (in ${after} s)${now.sent < now.recorded ? `, ${now.recorded - now.sent} NOT SENT after 60 s` : ''}`;
  console.log(`\nconfirmation mails        ${line}   (recorded, sent when the load stopped, sent after; ${orders} orders placed in the window)`);
  return line;
}

/** What one run of a mode measured: for the comparison of two trees. */
interface OrdersRun {
  confirmedPerSecond: number;
  p99: number;
  ceiling?: number;
}

/**
 * Runs a mode; with BENCH_BASELINE_TREE (a built checkout of the tree before a change), alternates
 * rounds of this tree and that one (BENCH_ORDERS_ROUNDS each, default 3; this bench drives both, so
 * both run with the same settings) and prints each round's figures and the ratios. Only this tree's
 * rounds record figures, the last one's.
 */
/** The `orders` scenario's confirmed orders/s in this run (this tree's), for the polling scenario's share of it. */
let waitingFigure: number | undefined;

async function runMode(mode: Mode): Promise<void> {
  if (!BASELINE) {
    const run = await runOrders(mode);
    compareWithWaiting(mode, run);
    return;
  }
  const rounds: { after: OrdersRun; before: OrdersRun }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`
#### round ${round} of ${ROUNDS}: this tree, then ${BASELINE}`);
    const after = await runOrders(mode);
    const before = await runOrders(mode, BASELINE);
    rounds.push({ after, before });
  }
  const ratio = (a: number, b: number) => `×${(a / b).toFixed(2)}`;
  const share = (run: OrdersRun) => (run.ceiling ? `${((run.confirmedPerSecond / run.ceiling) * 100).toFixed(0)} %` : '-');
  console.log(`
== ${mode.name}: this tree beside ${BASELINE}, alternating rounds`);
  console.log('round  before orders/s  this tree orders/s  ratio   p99 ms before / this   ceiling before / this   share before / this');
  rounds.forEach(({ after, before }, n) =>
    console.log(
      `${String(n + 1).padEnd(7)}${before.confirmedPerSecond.toFixed(1).padStart(15)}${after.confirmedPerSecond.toFixed(1).padStart(20)}  ${ratio(after.confirmedPerSecond, before.confirmedPerSecond).padEnd(7)} ` +
        `${before.p99.toFixed(1)} / ${after.p99.toFixed(1)}`.padStart(22) +
        `${before.ceiling?.toFixed(0) ?? '-'} / ${after.ceiling?.toFixed(0) ?? '-'}`.padStart(24) +
        `${share(before)} / ${share(after)}`.padStart(22),
    ),
  );
  compareWithWaiting(mode, rounds.at(-1)!.after);
  const sum = (runs: OrdersRun[]) => runs.reduce((total, run) => total + run.confirmedPerSecond, 0);
  console.log(`sum of rounds: ${ratio(sum(rounds.map((r) => r.after)), sum(rounds.map((r) => r.before)))}`);
  recordFigure(`orders/s beside ${BASELINE} (alternating rounds, sum)`, ratio(sum(rounds.map((r) => r.after)), sum(rounds.map((r) => r.before))));
}

/**
 * Issue 44 asks clients that poll to get ≥ 70 % of what clients that wait get: the polling scenario,
 * run after `orders` in one bench run, prints its figure as a share of that one.
 */
function compareWithWaiting(mode: Mode, run: OrdersRun): void {
  if (mode.wait) {
    waitingFigure = run.confirmedPerSecond;
    return;
  }
  if (waitingFigure === undefined) {
    console.log('(run `orders` before `orders-polling` in one bench run to see the polling figure as a share of the waiting one)');
    return;
  }
  const share = `${((run.confirmedPerSecond / waitingFigure) * 100).toFixed(0)} %`;
  console.log(`polling clients' ${run.confirmedPerSecond.toFixed(1)} confirmed orders/s are ${share} of the ${waitingFigure.toFixed(1)} of clients that wait (the orders scenario of this run)`);
  recordFigure("confirmed orders/s as a share of the orders scenario's (Prefer: wait)", share);
}

async function runOrders(mode: Mode, tree?: string): Promise<OrdersRun> {
  const record = tree ? () => undefined : recordFigure;
  const how = mode.wait ? 'each waiting for the outcome (Prefer: wait)' : `without Prefer: wait, each then read every ${mode.pollMs} ms until final`;
  console.log(
    `\n== Order pipeline (${mode.name}): ${CUSTOMERS} customers, each from an address of its own, ordering back to back for ${DURATION_S} s ` +
      `(after ${WARM_UP_S} s of warm-up), ${how}${tree ? `; the shop of ${tree}` : ''}`,
  );
  let measured: { confirmedPerSecond: number; p99: number; batching: Batching; schemas?: ShopSchemas } | undefined;
  await withBenchShop(mode.env, async (shop) => {
    const setup = new ShopClient(shop.base, undefined, { connections: 4 });
    const admin = await signIn(setup, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const products = await stockUp(setup, admin.token, 1_000_000);
    await setup.close();
    // Every customer signs up and orders from an address of its own, over a connection of its own.
    const addresses = Array.from({ length: CUSTOMERS }, (_, n) => loopbackAddress(n));
    const signUpClients = addresses.map((localAddress) => new ShopClient(shop.base, undefined, { localAddress, connections: 1 }));
    const customers = await registerCustomers((n) => signUpClients[n], `orders-${shop.prefix}`, CUSTOMERS);
    await Promise.all(signUpClients.map((client) => client.close()));
    console.log(`${CUSTOMERS} customers signed up from ${addresses[0]} … ${addresses.at(-1)}, one address each`);
    await installStatementCounters(shop.prefix);

    const recorder = new Recorder();
    const clients = addresses.map((localAddress) => new ShopClient(shop.base, recorder, { localAddress, connections: 1 }));
    const results: Placed[] = [];
    const pick = (): ProductDto => products[Math.floor(Math.random() * products.length)];
    let running = true;
    const loops = customers.map(async (customer, n) => {
      while (running) {
        const placedAt = performance.now();
        const sentAt = Date.now();
        const placed = await placeOrder(clients[n], customer.token, pick()._id, { wait: mode.wait, pollMs: mode.pollMs });
        results.push({ ...placed, placedAt, sentAt });
      }
    });
    await sleep(WARM_UP_S * 1000);
    const start = performance.now();
    const startedAt = new Date();
    const before = await takeReading(shop.pid, shop.prefix);
    const loopsBefore = await startLoopWindow(shop.port);
    const countersBefore = await readStatementCounters(shop.prefix);
    await sleep(DURATION_S * 1000 - (performance.now() - start));
    const end = performance.now();
    const loopsEnd = endLoopWindow(shop.port, loopsBefore, (end - start) / 1000);
    const windowResults = results.filter((result) => result.placedAt >= start && result.placedAt < end);
    // CPU over the window; commits, messages and statements once the load stopped and every order placed
    // in it settled, divided by those orders (the ones under way when the window opened add a few of theirs).
    const after = await takeReading(shop.pid, shop.prefix, async () => {
      running = false;
      await Promise.all(loops);
      await sleep(1_500);
    });
    const countersAfter = await readStatementCounters(shop.prefix);
    const endedAt = new Date();
    const placedInWindow = results.filter((result) => result.placedAt >= start);

    const settled = windowResults.filter((result) => result.settledMs !== undefined);
    const confirmed = settled.filter((result) => result.order?.status === 'confirmed').length;
    const cancelled = settled.filter((result) => result.order?.status === 'cancelled').length;
    const latencies = sortNumbers(settled.map((result) => result.settledMs as number));
    const posts = sortNumbers(windowResults.map((result) => result.postMs));
    const polls = windowResults.reduce((sum, result) => sum + result.polls, 0);
    const pollsPerOrder = polls / Math.max(1, windowResults.length);
    const settledReadsPerOrder = windowResults.reduce((sum, result) => sum + result.settledReads, 0) / Math.max(1, windowResults.length);
    const seconds = (end - start) / 1000;
    const pendingAtEnd = results.filter((result) => result.order?.status === 'pending').length;
    const failed = results.filter((result) => !result.order).length;
    const confirmedPerSecond = confirmed / seconds;

    console.log(`\nconfirmed orders/s        ${confirmedPerSecond.toFixed(1)}   (${confirmed} confirmed, ${cancelled} cancelled in ${seconds.toFixed(1)} s)`);
    console.log(`POST /api/orders ms       p50 ${ms(percentile(posts, 0.5))}   p99 ${ms(percentile(posts, 0.99))}   (${mode.wait ? 'waits for the outcome' : 'answers at once, pending'})`);
    console.log(
      `placed → ${mode.wait ? 'outcome' : 'final  '} ms      p50 ${ms(percentile(latencies, 0.5))}   p90 ${ms(percentile(latencies, 0.9))}   p99 ${ms(percentile(latencies, 0.99))}   max ${ms(latencies.at(-1) ?? NaN)}`,
    );
    console.log(
      `GETs per order            ${pollsPerOrder.toFixed(2)}   (${polls} reads of a pending order, every ${mode.pollMs} ms; ${settledReadsPerOrder.toFixed(2)} per order answered it settled)`,
    );
    console.log(`left pending at the end   ${pendingAtEnd} of ${results.length} orders; ${failed} placements failed; ${recorder.errors} errors (5xx or network)`);
    console.log(settingsNote(shop.settings));
    record('confirmed orders/s', confirmedPerSecond.toFixed(1));
    record('POST /api/orders p50 / p99 ms', `${ms(percentile(posts, 0.5))} / ${ms(percentile(posts, 0.99))}`);
    record(`placed → ${mode.wait ? 'outcome' : 'final'} p50 / p99 ms`, `${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.99))}`);
    record('GETs per order', pollsPerOrder.toFixed(2));
    record('errors, left pending', `${recorder.errors}, ${pendingAtEnd}`);
    console.log('\n' + recorder.table());
    const perOrder = printCosts(before, after, placedInWindow.length, 'order');
    record('PostgreSQL commits per order (orders + catalog)', `${perOrder.commits.get('orders')?.toFixed(2) ?? '-'} + ${perOrder.commits.get('catalog')?.toFixed(2) ?? '-'}`);
    record('JetStream messages per order', perOrder.messages.toFixed(2));
    await printOrderTimeline(
      shop.prefix,
      new Map(settled.flatMap((result) => (result.order ? [[result.order._id, { sentAt: result.sentAt, settledMs: result.settledMs as number }]] : []))),
    );
    await Promise.all(clients.map((client) => client.close()));

    const batching = await readBatching(shop.prefix, {
      orders: placedInWindow.length,
      from: startedAt,
      to: endedAt,
      counters: { before: countersBefore, after: countersAfter },
      sessionLookupsPerOrder: Math.min(1, (CUSTOMERS * seconds) / Math.max(1, windowResults.length)),
      settledReadsPerOrder,
    });
    printBatching(batching);
    console.log(await loopsEnd);
    const mails = await mailsSent(shop.prefix, placedInWindow.length);
    record('confirmation mails recorded, sent within the run, sent after it', mails);
    await removeStatementCounters(shop.prefix);
    const schemas = mode.ceiling
      ? await dumpSchemas(shop.prefix).catch((error: unknown) => {
          console.log(`\nno ceiling: pg_dump could not copy the shop's schemas (${String(error).slice(0, 300)})`);
          return undefined;
        })
      : undefined;
    measured = { confirmedPerSecond, p99: percentile(latencies, 0.99), batching, schemas };
  }, { tree });
  // The ceiling runs once the shop is gone, so that PostgreSQL has the machine as the shop had it.
  if (measured?.schemas) {
    const ceiling = await measureCeiling({ schemas: measured.schemas, batching: measured.batching, clients: CUSTOMERS, seconds: DURATION_S });
    if (ceiling) {
      const share = (measured.confirmedPerSecond / ceiling.ordersPerSecond) * 100;
      console.log(`the shop's ${measured.confirmedPerSecond.toFixed(1)} confirmed orders/s are ${share.toFixed(0)} % of this ceiling`);
      record('ceiling: the same SQL per order in pgbench, orders/s', ceiling.ordersPerSecond.toFixed(0));
      record('the shop as a share of the ceiling', `${share.toFixed(0)} %`);
    }
    return { confirmedPerSecond: measured.confirmedPerSecond, p99: measured.p99, ceiling: ceiling?.ordersPerSecond };
  }
  return { confirmedPerSecond: measured?.confirmedPerSecond ?? 0, p99: measured?.p99 ?? Number.NaN };
}

export const orderPipeline = (): Promise<void> => runMode(ORDERS);
export const orderPolling = (): Promise<void> => runMode(POLLING);
