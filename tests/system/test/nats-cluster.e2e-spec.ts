/**
 * The shop on a three-node JetStream cluster (stream replicas 3): orders keep coming while one node
 * is killed with SIGKILL, and every order still reaches a final state with its stock taken once.
 */
import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually } from '@shop/testing';
import { callApi, type Answer } from '../src/api.js';
import { ShopHarness } from '../src/shop-harness.js';

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
/** Far more than the buyers can order in the test's seven seconds, so no order is cancelled for want of stock. */
const STOCK = 100_000;

describe('the shop on a NATS JetStream cluster', () => {
  let shop: ShopHarness;

  beforeAll(async () => {
    shop = await ShopHarness.start({ SEED_DEMO_CATALOG: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { natsNodes: 3 });
  });

  afterAll(async () => {
    await shop?.dispose();
  });

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(shop.url(path), method, body, token);

  /**
   * Every order the shop holds, from the admin's list: also one placed behind an answer its buyer never
   * got (a 503 or a cut connection while the node was down), which takes its unit like any other.
   * Undefined while the list cannot be read whole (the orders service busy reconnecting answers 503).
   */
  async function ordersInTheShop(adminToken: string): Promise<OrderDto[] | undefined> {
    const orders: OrderDto[] = [];
    for (let next: string | undefined = '/api/orders?pageSize=100'; next; ) {
      const page: Answer<OrderDto[]> = await call<OrderDto[]>('GET', next, undefined, adminToken);
      if (page.status !== 200 || !Array.isArray(page.body)) {
        process.stderr.write(`GET ${next} answered ${page.status}: ${JSON.stringify(page.body)}; read again\n`);
        return undefined;
      }
      orders.push(...page.body);
      next = page.links.next;
    }
    return orders;
  }

  it('settles every order placed while a node is killed, each taking its unit once', async () => {
    const adminToken = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
    const sample = await call<ProductDto>('POST', '/api/products', undefined, adminToken);
    const edit = { name: 'Clustered lamp', price: 20, image: '/uploads/sample.svg', brand: 'Test', category: 'Test', countInStock: STOCK, description: 'Kept on three nodes.' };
    const product = (await call<ProductDto>('PUT', `/api/products/${sample.body._id}`, edit, adminToken)).body;
    const tokens = await Promise.all(
      Array.from({ length: 10 }, async (_, n) => {
        const email = `cluster-${n}-${Date.now()}@example.com`;
        return (await call<UserInfoDto>('POST', '/api/users', { name: `Buyer ${n}`, email, password: 'buyer-secret' })).body.token;
      }),
    );
    const order = { orderItems: [{ product: product._id, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };
    // Orders learns of the product from catalog's events.
    await eventually(async () => ((await call('POST', '/api/orders', order, tokens[0])).status === 201 ? true : undefined), 30_000, 'orders to know the product');

    const placed: { id: string; token: string }[] = [];
    const failed: number[] = [];
    let placing = true;
    const buyers = tokens.map(async (token) => {
      while (placing) {
        const res = await call<OrderDto>('POST', '/api/orders', order, token).catch(() => ({ status: 0, body: undefined }));
        if (res.status === 201 && res.body) placed.push({ id: res.body._id, token });
        else failed.push(res.status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // The stream is kept on all three nodes; the one killed is its leader, whichever node that is.
    const before = await shop.eventStream();
    expect(before.replicas).toBe(3);
    expect(before.leader).toMatch(/^node-\d$/);
    expect(before.messages).toBeGreaterThan(0);
    await shop.natsCluster!.node(before.leader!).stop('SIGKILL');
    const placedBeforeKill = placed.length;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    placing = false;
    await Promise.all(buyers);

    // Each placed order read until it settles, a hundred at a time: the test is one address, and a
    // thousand reads at once would meet the gateway's rate limit (a 429 is read again, never taken for
    // the order's state).
    const outcomes: OrderDto[] = [];
    for (let start = 0; start < placed.length; start += 100) {
      outcomes.push(
        ...(await Promise.all(
          placed.slice(start, start + 100).map(({ id, token }) =>
            eventually(async () => {
              const answer = await call<OrderDto>('GET', `/api/orders/${id}`, undefined, token);
              return answer.status === 200 && answer.body.status !== 'pending' ? answer.body : undefined;
            }, 90_000, `order ${id} to settle`),
          ),
        )),
      );
    }
    // Every order of the shop settles, those whose answer was lost included, and the stock is taken once
    // for each confirmed one: counted from the shop's orders, not from the answers the buyers got.
    const inShop = await eventually(async () => {
      // A few reads a second: the test comes from one address, which the gateway's rate limit counts.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const all = await ordersInTheShop(adminToken);
      return all?.every((one) => one.status !== 'pending') ? all : undefined;
    }, 90_000, 'every order in the shop to settle');
    const confirmed = outcomes.filter((one) => one.status === 'confirmed').length;
    const confirmedInShop = inShop.filter((one) => one.status === 'confirmed').length;
    let lastSeen: number | undefined;
    const stock = await eventually(async () => {
      lastSeen = (await call<ProductDto>('GET', `/api/products/${product._id}`)).body.countInStock;
      return lastSeen === STOCK - confirmedInShop ? lastSeen : undefined;
    }, 30_000, `the stock to be ${STOCK} less the ${confirmedInShop} orders confirmed in the shop`).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; it stayed at ${lastSeen}`, { cause: error });
    });
    process.stdout.write(
      `NATS cluster: ${placed.length} orders placed (${placedBeforeKill} before a node was killed), ${confirmed} confirmed, ` +
        `${outcomes.length - confirmed} cancelled, ${failed.length} placements refused meanwhile (${[...new Set(failed)].join(', ') || 'none'}), ` +
        `${inShop.length} orders in the shop (${confirmedInShop} confirmed; the warm-up's and any placed behind a lost answer included), stock ${stock}\n`,
    );
    // The orders the buyers saw placed are among the shop's, each confirmed.
    const shopIds = new Set(inShop.map((one) => one._id));
    expect(placed.every(({ id }) => shopIds.has(id))).toBe(true);
    expect(outcomes.every((one) => one.status === 'confirmed')).toBe(true);
    expect(placed.length).toBeGreaterThan(placedBeforeKill);
    // The stream kept every message: none of those written before the kill is gone, none missing since.
    const after = await shop.eventStream();
    process.stdout.write(`NATS cluster: stream led by ${before.leader} (killed), then ${after.leader}; messages ${before.messages} before, ${after.messages} after (seq ${after.firstSeq}-${after.lastSeq})\n`);
    expect(after.leader).not.toBe(before.leader);
    expect(after.firstSeq).toBe(before.firstSeq);
    expect(after.lastSeq).toBeGreaterThan(before.lastSeq);
    expect(after.messages).toBe(after.lastSeq - after.firstSeq + 1);
  });
});
