/**
 * The order pipeline under a sale: CUSTOMERS (default 50) customers each place one-line orders back
 * to back for DURATION seconds, each order waited for until it leaves `pending` (the placement call
 * may wait for the outcome; a pending answer is asked again every 100 ms). Prints confirmed orders
 * per second, placement → outcome latency, what is left pending, and what one order costs: CPU of
 * each process, PostgreSQL commits, JetStream messages.
 */
import type { ProductDto } from '@shop/contracts';
import { BENCH_ADMIN, withBenchShop } from '../bench-shop.js';
import { ShopClient } from '../http.js';
import { printCosts, takeReading } from '../measure.js';
import { printOrderTimeline } from '../order-timeline.js';
import { placeOrder, registerCustomers, signIn, stockUp, type PlacedOrder } from '../shop-actions.js';
import { percentile, Recorder, sleep, sortNumbers } from '../stats.js';

const CUSTOMERS = Number(process.env.BENCH_ORDERS_CUSTOMERS ?? 50);
const DURATION_S = Number(process.env.BENCH_ORDERS_DURATION ?? 20);
const WARM_UP_S = Number(process.env.BENCH_ORDERS_WARM_UP ?? 3);

export async function orderPipeline(): Promise<void> {
  console.log(`\n== Order pipeline: ${CUSTOMERS} customers ordering back to back for ${DURATION_S} s (after ${WARM_UP_S} s of warm-up)`);
  await withBenchShop({ RATE_LIMIT_PER_MINUTE: '0' }, async (shop) => {
    const setup = new ShopClient(shop.base, undefined, { connections: 16 });
    const admin = await signIn(setup, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const products = await stockUp(setup, admin.token, 1_000_000);
    const customers = await registerCustomers(setup, `orders-${shop.prefix}`, CUSTOMERS);
    await setup.close();

    const recorder = new Recorder();
    const client = new ShopClient(shop.base, recorder, { connections: CUSTOMERS });
    const results: (PlacedOrder & { placedAt: number; sentAt: number })[] = [];
    const pick = (): ProductDto => products[Math.floor(Math.random() * products.length)];
    let running = true;
    const loops = customers.map(async (customer) => {
      while (running) {
        const placedAt = performance.now();
        const sentAt = Date.now();
        results.push({ ...(await placeOrder(client, customer.token, pick()._id)), placedAt, sentAt });
      }
    });
    await sleep(WARM_UP_S * 1000);
    const start = performance.now();
    const before = await takeReading(shop.pid, shop.prefix);
    const measuredFrom = results.length;
    await sleep(DURATION_S * 1000);
    const end = performance.now();
    const windowResults = results.slice(measuredFrom).filter((result) => result.placedAt >= start && result.placedAt < end);
    // CPU over the window; commits and messages once the load stopped and every order placed in it settled,
    // divided by those orders (the ones under way when the window opened add a few commits of theirs).
    const after = await takeReading(shop.pid, shop.prefix, async () => {
      running = false;
      await Promise.all(loops);
      await sleep(1_500);
    });
    const placedInWindow = results.filter((result) => result.placedAt >= start);

    const settled = windowResults.filter((result) => result.settledMs !== undefined);
    const confirmed = settled.filter((result) => result.order?.status === 'confirmed').length;
    const cancelled = settled.filter((result) => result.order?.status === 'cancelled').length;
    const latencies = sortNumbers(settled.map((result) => result.settledMs as number));
    const polls = windowResults.reduce((sum, result) => sum + result.polls, 0);
    const seconds = (end - start) / 1000;
    const pendingAtEnd = results.filter((result) => result.order?.status === 'pending').length;
    const failed = results.filter((result) => !result.order).length;

    console.log(`\nconfirmed orders/s        ${(confirmed / seconds).toFixed(1)}   (${confirmed} confirmed, ${cancelled} cancelled in ${seconds.toFixed(1)} s)`);
    console.log(
      `placement → outcome ms    p50 ${percentile(latencies, 0.5).toFixed(1)}   p90 ${percentile(latencies, 0.9).toFixed(1)}   p99 ${percentile(latencies, 0.99).toFixed(1)}   max ${(latencies.at(-1) ?? NaN).toFixed(1)}`,
    );
    console.log(`polls while pending       ${polls} (${(polls / Math.max(1, windowResults.length)).toFixed(2)} per order)`);
    console.log(`left pending at the end   ${pendingAtEnd} of ${results.length} orders; ${failed} placements failed; ${recorder.errors} errors (5xx or network)`);
    console.log('\n' + recorder.table());
    printCosts(before, after, placedInWindow.length, 'order');
    await printOrderTimeline(
      shop.prefix,
      new Map(settled.flatMap((result) => (result.order ? [[result.order._id, { sentAt: result.sentAt, settledMs: result.settledMs as number }]] : []))),
    );
    await client.close();
  });
}
