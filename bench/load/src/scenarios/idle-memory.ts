/**
 * The whole stack idle: resident memory of every process `npm start` runs, after the shop has been
 * ready for a while (BENCH_IDLE_SECONDS, default 15) and has served one visit of each kind of page, as
 * an operator sees it between rushes. The target is 600 MB for everything together.
 */
import { withBenchShop, BENCH_ADMIN } from '../bench-shop.js';
import { ShopClient } from '../http.js';
import { shopProcesses } from '../processes.js';
import { allProducts, signIn } from '../shop-actions.js';
import { formatTable, sleep } from '../stats.js';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);

export async function idleMemory(): Promise<void> {
  console.log(`\n== Idle memory: every process of the shop, ${IDLE_SECONDS} s after one visit of each kind`);
  await withBenchShop({}, async (shop) => {
    const client = new ShopClient(shop.base);
    const products = await allProducts(client);
    await client.expect(200, 'GET', `/api/products/${products[0]._id}`);
    await client.expect(200, 'GET', '/api/products/top');
    const admin = await signIn(client, BENCH_ADMIN.email, BENCH_ADMIN.password);
    await client.expect(200, 'GET', '/api/orders', { token: admin.token });
    await client.expect(200, 'GET', '/api/users', { token: admin.token });
    await client.expect(200, 'GET', '/', { headers: { accept: 'text/html' } });
    await client.close();
    await sleep(IDLE_SECONDS * 1000);
    const parts = shopProcesses(shop.pid).filter((part) => part.part !== 'nats (shared)');
    const total = parts.reduce((sum, part) => sum + part.rssMb, 0);
    console.log(
      formatTable(
        ['process', 'resident MB'],
        [...parts.map((part) => [part.part, part.rssMb.toFixed(0)]), ['whole stack', total.toFixed(0)]],
      ),
    );
    console.log(`(PostgreSQL and NATS are the machine's own here, shared with other work, and not counted.)`);
  });
}
