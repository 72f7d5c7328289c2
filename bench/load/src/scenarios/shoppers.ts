/**
 * A sale day: SHOPPERS (default 200) people use the shop at once for DURATION seconds (default 300),
 * each from a loopback address of their own (so per-address limits see them as the different people
 * they are), with a think time between pages. Each one browses the home page, searches, opens a
 * product, registers (the first time) or signs in again now and then, places an order, pays it with
 * PayPal through the stand-in, looks at the order and at the profile. Prints every call's p50/p99,
 * every error (5xx or network), orders per second, the orders left pending at the end, and the
 * resident memory of every process before and after.
 */
import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { BENCH_ADMIN, withBenchShop } from '../bench-shop.js';
import { loopbackAddress, ShopClient } from '../http.js';
import { printCosts, takeReading } from '../measure.js';
import { memoryTogether, shopMemory, type ProcessMemory } from '../processes.js';
import { recordFigure } from '../results.js';
import { settingsNote } from '../settings.js';
import { payWithStandIn, placeOrder, signIn, stockUp } from '../shop-actions.js';
import { formatTable, percentile, Recorder, sleep, sortNumbers } from '../stats.js';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 200);
const DURATION_S = Number(process.env.BENCH_SHOPPERS_DURATION ?? 300);
const THINK_MS = Number(process.env.BENCH_SHOPPERS_THINK_MS ?? 1000);
/** Shoppers arrive over this many seconds rather than all in the same millisecond. */
const RAMP_S = Number(process.env.BENCH_SHOPPERS_RAMP ?? 10);
/** The slices of the run the placing latency is printed by. */
const TIMELINE_S = Number(process.env.BENCH_SHOPPERS_TIMELINE ?? 30);
const SEARCH_WORDS = ['phone', 'camera', 'pro', 'mouse', 'watch', 'nothing-like-this'];
const BROWSE = new Set(['GET /api/products', 'GET /api/products/top', 'GET /api/products?keyword', 'GET /api/products/{id}']);

const think = () => sleep(THINK_MS * (0.5 + Math.random()));
const pickOne = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

interface ShopperTally {
  placed: number;
  confirmed: number;
  paid: number;
  /** Orders whose outcome the shopper did not learn before giving up. */
  pending: { id: string; token: string }[];
}

async function shop(n: number, base: string, paypalBase: string, products: ProductDto[], recorder: Recorder, until: number, tally: ShopperTally): Promise<void> {
  const address = loopbackAddress(n);
  const client = new ShopClient(base, recorder, { localAddress: address, connections: 2 });
  const paypal = new ShopClient(paypalBase, recorder, { localAddress: address, connections: 1 });
  const email = `shopper-${n}-${Date.now()}@example.com`;
  const password = `shopper-secret-${n}`;
  let user: UserInfoDto | undefined;
  try {
    await sleep(Math.random() * RAMP_S * 1000);
    for (let visit = 0; Date.now() < until; visit++) {
      await client.call('GET', '/api/products', { name: 'GET /api/products' });
      await client.call('GET', '/api/products/top', { name: 'GET /api/products/top' });
      await think();
      await client.call('GET', `/api/products?keyword=${pickOne(SEARCH_WORDS)}`, { name: 'GET /api/products?keyword' });
      await think();
      const product = pickOne(products);
      await client.call('GET', `/api/products/${product._id}`, { name: 'GET /api/products/{id}' });
      await think();
      if (!user) {
        const registered = await client.call<UserInfoDto>('POST', '/api/users', { name: 'POST /api/users (sign up)', body: { name: `Shopper ${n}`, email, password } });
        if (registered.status === 201) user = registered.body;
      } else if (visit % 3 === 0) {
        const signedIn = await client.call<UserInfoDto>('POST', '/api/users/login', { name: 'POST /api/users/login', body: { email, password } });
        if (signedIn.status === 200) user = signedIn.body;
      }
      if (!user) continue;
      await think();
      await client.call('GET', '/api/config/paypal', { name: 'GET /api/config/paypal' });
      const { order } = await placeOrder(client, user.token, product._id, { giveUpMs: 15_000 });
      if (!order) continue;
      tally.placed++;
      if (order.status === 'pending') tally.pending.push({ id: order._id, token: user.token });
      if (order.status !== 'confirmed') continue;
      tally.confirmed++;
      await think();
      const paid = await payWithStandIn(client, paypal, user.token, order._id).catch(() => undefined);
      if (paid?.status === 200 && paid.body.isPaid) tally.paid++;
      await client.call('GET', `/api/orders/${order._id}`, { name: 'GET /api/orders/{id}', token: user.token });
      await think();
      await client.call('GET', '/api/users/profile', { name: 'GET /api/users/profile', token: user.token });
      await think();
    }
  } finally {
    await client.close();
    await paypal.close();
  }
}

/**
 * Each process's resident and own MB idle and after the load, and the whole stack as the memory scenario
 * counts it: every process's own pages plus each file's pages once (node's binary is in memory once for
 * all the Node processes), with the sum of resident MB (which counts it once per process) beside it.
 */
function memoryTable(before: ProcessMemory[], after: ProcessMemory[]): string {
  const byPart = (processes: ProcessMemory[]) => {
    const parts = new Map<string, { rssMb: number; anonMb: number }>();
    for (const { part, rssMb, anonMb } of processes) {
      const entry = parts.get(part) ?? { rssMb: 0, anonMb: 0 };
      parts.set(part, { rssMb: entry.rssMb + rssMb, anonMb: entry.anonMb + anonMb });
    }
    return parts;
  };
  const idle = byPart(before);
  const loaded = byPart(after);
  const mb = (value: number | undefined) => (value === undefined ? '' : value.toFixed(0));
  const rows = [...loaded].map(([part, figures]) => [part, mb(idle.get(part)?.rssMb), mb(figures.rssMb), mb(idle.get(part)?.anonMb), mb(figures.anonMb)]);
  const [was, now] = [memoryTogether(before), memoryTogether(after)];
  rows.push(['sum', mb(was.residentMb), mb(now.residentMb), mb(was.ownMb), mb(now.ownMb)]);
  rows.push(['whole stack (own + files once)', '', '', mb(was.totalMb), mb(now.totalMb)]);
  return formatTable(['process', 'resident idle', 'resident after', 'own idle', 'own after'], rows);
}

export async function shoppers(): Promise<void> {
  console.log(`\n== Shoppers: ${SHOPPERS} people for ${DURATION_S} s (think time ${THINK_MS} ms ± 50 %, arriving over ${RAMP_S} s)`);
  await withBenchShop({}, async (running) => {
    const setup = new ShopClient(running.base);
    const admin = await signIn(setup, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const products = await stockUp(setup, admin.token, 1_000_000);
    await setup.close();
    await sleep(3_000);
    const idle = shopMemory(running.pid);

    const recorder = new Recorder();
    const tallies = Array.from({ length: SHOPPERS }, (): ShopperTally => ({ placed: 0, confirmed: 0, paid: 0, pending: [] }));
    const started = Date.now();
    const until = started + DURATION_S * 1000;
    const before = await takeReading(running.pid, running.prefix);
    const paypalBase = `http://127.0.0.1:${running.port + 4}`;
    await Promise.all(tallies.map((tally, n) => shop(n, running.base, paypalBase, products, recorder, until, tally)));
    const seconds = (Date.now() - started) / 1000;
    const after = await takeReading(running.pid, running.prefix);
    const loaded = shopMemory(running.pid);

    // What is still pending gets 15 s to settle, as a shopper's order page would keep asking.
    const check = new ShopClient(running.base);
    const stillPending: string[] = [];
    for (const { id, token } of tallies.flatMap((tally) => tally.pending)) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const answer = await check.call<OrderDto>('GET', `/api/orders/${id}`, { token });
        if (answer.status === 200 && answer.body.status !== 'pending') break;
        if (Date.now() > deadline) {
          stillPending.push(id);
          break;
        }
        await sleep(200);
      }
    }
    await check.close();

    const sum = (key: 'placed' | 'confirmed' | 'paid') => tallies.reduce((total, tally) => total + tally[key], 0);
    const browse = sortNumbers(recorder.timesOf((name) => BROWSE.has(name)));
    const placing = sortNumbers(recorder.timesOf((name) => name === 'POST /api/orders'));
    const placingFigure = `${percentile(placing, 0.5).toFixed(1)} / ${percentile(placing, 0.99).toFixed(1)}`;
    console.log(`\nerrors (5xx or network)   ${recorder.errors}`);
    console.log(`browse p50 / p99 ms       ${percentile(browse, 0.5).toFixed(1)} / ${percentile(browse, 0.99).toFixed(1)}   (${browse.length} list, search, top and product calls)`);
    console.log(`placing p50 / p99 ms      ${placingFigure}   (${placing.length} POST /api/orders)`);
    console.log(`orders                    ${sum('placed')} placed, ${sum('confirmed')} confirmed, ${sum('paid')} paid: ${(sum('placed') / seconds).toFixed(1)} orders/s over ${seconds.toFixed(0)} s`);
    console.log(`orders pending at the end ${stillPending.length}`);
    console.log(settingsNote(running.settings));
    recordFigure('errors (5xx or network), orders pending at the end', `${recorder.errors}, ${stillPending.length}`);
    recordFigure('browse p50 / p99 ms', `${percentile(browse, 0.5).toFixed(1)} / ${percentile(browse, 0.99).toFixed(1)}`);
    recordFigure('placing an order (POST /api/orders) p50 / p99 ms', placingFigure);
    recordFigure('orders placed, confirmed, paid', `${sum('placed')}, ${sum('confirmed')}, ${sum('paid')} (${(sum('placed') / seconds).toFixed(1)}/s)`);
    console.log('\n' + recorder.table());
    console.log(`\nPlacing an order (POST /api/orders) over the run, by ${TIMELINE_S} s (when the tail comes, and whether it comes with the sign-ups at the start):`);
    console.log(recorder.timeline((name) => name === 'POST /api/orders', started, TIMELINE_S * 1000));
    console.log(`\nSign-ups and sign-ins (argon2id) over the run:`);
    console.log(recorder.timeline((name) => name.startsWith('POST /api/users'), started, TIMELINE_S * 1000));
    console.log('\nMemory of the shop (PostgreSQL and NATS are the machine\'s own, not counted), in MB:');
    console.log(memoryTable(idle, loaded));
    const [was, now] = [memoryTogether(idle), memoryTogether(loaded)];
    recordFigure(
      'memory of the shop, idle → after the load: whole stack MB (sum of resident MB)',
      `${was.totalMb.toFixed(0)} → ${now.totalMb.toFixed(0)} MB (${was.residentMb.toFixed(0)} → ${now.residentMb.toFixed(0)})`,
    );
    printCosts(before, after, sum('placed'), 'order');
  });
}
