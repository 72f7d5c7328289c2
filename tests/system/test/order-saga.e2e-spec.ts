/**
 * The order saga across the real processes (gateway, users, catalog, orders),
 * a NATS server of the test's own and the PayPal stand-in: the race for the
 * last units, a catalog that is down while orders come in, and a NATS restart.
 */
import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually } from '@shop/testing';
import { callApi } from '../src/api.js';
import { ShopHarness } from '../src/shop-harness.js';

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

describe('the order saga across services', () => {
  let shop: ShopHarness;
  let adminToken: string;

  beforeAll(async () => {
    // debug: the request lines and the consumers' "handled" lines (debug), which the request id test reads.
    shop = await ShopHarness.start({ SEED_DEMO_CATALOG: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'debug' });
    adminToken = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
  });

  afterAll(async () => {
    await shop?.dispose();
  });

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(shop.url(path), method, body, token);

  async function newProduct(name: string, countInStock: number): Promise<ProductDto> {
    const sample = await call<ProductDto>('POST', '/api/products', undefined, adminToken);
    const edit = { name, price: 20, image: '/uploads/sample.svg', brand: 'Test', category: 'Test', countInStock, description: 'A product of the system test.' };
    return (await call<ProductDto>('PUT', `/api/products/${sample.body._id}`, edit, adminToken)).body;
  }

  async function newCustomer(): Promise<string> {
    const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await call<UserInfoDto>('POST', '/api/users', { name: 'Buyer', email, password: 'buyer-secret' });
    expect(res.status).toBe(201);
    return res.body.token;
  }

  /** Places an order once orders knows the product (it learns of it from catalog's events). */
  async function place(token: string, productId: string, quantity = 1): Promise<OrderDto> {
    const body = { orderItems: [{ product: productId, quantity }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };
    return eventually(async () => {
      const res = await call<OrderDto>('POST', '/api/orders', body, token);
      if (res.status === 201) return res.body;
      expect(res.status).toBe(400); // product not known to orders yet
      return undefined;
    }, 20_000, 'orders to learn of the product');
  }

  const orderOf = async (id: string, token: string) => (await call<OrderDto>('GET', `/api/orders/${id}`, undefined, token)).body;
  const stockOf = async (id: string) => (await call<ProductDto>('GET', `/api/products/${id}`)).body.countInStock;
  const settled = (id: string, token: string, timeoutMs = 30_000) =>
    eventually(async () => {
      const order = await orderOf(id, token);
      return order.status === 'pending' ? undefined : order;
    }, timeoutMs, `order ${id} to leave pending`);

  it("follows one order from its request through every service's logs by the request id its events carry", async () => {
    const product = await newProduct('Followed product', 5);
    const token = await newCustomer();
    await place(token, product._id).then((order) => settled(order._id, token)); // orders knows the product
    const requestId = `follow-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const body = { orderItems: [{ product: product._id, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };

    const res = await fetch(shop.url('/api/orders'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': requestId },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const order = (await res.json()) as OrderDto;
    expect((await settled(order._id, token)).status).toBe('confirmed');

    /** The messages of `part`'s JSON log lines that carry the request id. */
    const linesOf = (part: 'gateway' | 'orders' | 'catalog') =>
      shop
        .output(part)
        .split('\n')
        .filter((line) => line.includes(requestId))
        .map((line) => JSON.parse(line) as { requestId?: string; msg: string })
        .filter((line) => line.requestId === requestId)
        .map((line) => line.msg);
    // Every part writes its lines through a buffer flushed every 100 ms (libs/service-kit/src/logging.ts):
    // on a busy machine any part's line may reach its log after the others', so every line is waited for.
    await eventually(async () => {
      const orderEvents = linesOf('orders');
      const catalogHandled = linesOf('catalog').some((msg) => msg.startsWith('orders handled order.placed'));
      return linesOf('gateway').includes('request completed') &&
        catalogHandled &&
        orderEvents.includes('request completed') &&
        orderEvents.some((msg) => msg.startsWith('stock handled stock.reserved')) &&
        orderEvents.includes(`order ${order._id} confirmed`)
        ? true
        : undefined;
    }, 10_000, "the gateway's, orders' and catalog's lines of the order");
    // The request itself, in the gateway and in orders; catalog handling order.placed (the event carried the id);
    // orders handling catalog's stock.reserved and confirming (catalog handed the id on).
    expect(linesOf('gateway')).toContain('request completed');
    expect(linesOf('orders')).toEqual(expect.arrayContaining(['request completed', `order ${order._id} confirmed`]));
    expect(linesOf('orders').some((msg) => msg.startsWith('stock handled stock.reserved'))).toBe(true);
    expect(linesOf('catalog').some((msg) => msg.startsWith('orders handled order.placed'))).toBe(true);
  });

  it('never oversells: 20 buyers of the last 4 units leave 4 orders confirmed, 16 cancelled and the stock at 0', async () => {
    const product = await newProduct('Last four', 4);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => newCustomer()));
    const buyers = await Promise.all(tokens.map((token) => place(token, product._id)));

    const outcomes = await Promise.all(buyers.map((order, index) => settled(order._id, tokens[index], 60_000)));

    expect(outcomes.filter((order) => order.status === 'confirmed')).toHaveLength(4);
    expect(outcomes.filter((order) => order.status === 'cancelled')).toHaveLength(16);
    expect(outcomes.find((order) => order.status === 'cancelled')?.cancelReason).toBe('Last four is out of stock');
    expect(await stockOf(product._id)).toBe(0);
  });

  it('keeps orders pending while catalog is down and completes them when it is back', async () => {
    const product = await newProduct('Patient product', 5);
    const token = await newCustomer();
    await place(token, product._id).then((order) => settled(order._id, token));

    await shop.stopPart('catalog');
    const waiting = await Promise.all([place(token, product._id), place(token, product._id, 2)]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const order of waiting) expect((await orderOf(order._id, token)).status).toBe('pending');
    const down = await call<{ message: string }>('GET', `/api/products/${product._id}`);
    expect(down.status).toBe(503);

    await shop.startPart('catalog');

    for (const order of waiting) expect((await settled(order._id, token)).status).toBe('confirmed');
    expect(await stockOf(product._id)).toBe(1);
  });

  it('loses nothing when NATS restarts mid-flow', async () => {
    const product = await newProduct('Through the outage', 10);
    const token = await newCustomer();
    await place(token, product._id).then((order) => settled(order._id, token));

    await shop.nats.stop();
    const during = await Promise.all([place(token, product._id), place(token, product._id)]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await shop.nats.restart();

    for (const order of during) expect((await settled(order._id, token, 60_000)).status).toBe('confirmed');
    expect(await stockOf(product._id)).toBe(7);
  });

  /** Places an order that waits for its outcome (as the storefront does), once orders knows the product. */
  async function placeWaiting(token: string, productId: string): Promise<OrderDto> {
    const body = { orderItems: [{ product: productId, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };
    const res = await fetch(shop.url('/api/orders'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, prefer: 'wait=10' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as OrderDto;
  }

  it('settles a burst of 150 orders for three products, one of them short: each confirmed order took one unit, the rest cancelled', async () => {
    const products = [await newProduct('Burst lamp', 1000), await newProduct('Burst mug', 1000), await newProduct('Burst console', 30)];
    const tokens = await Promise.all(Array.from({ length: 10 }, () => newCustomer()));
    // orders learns of the products from catalog's events: one settled order each proves it has.
    for (const product of products) await place(tokens[0], product._id).then((order) => settled(order._id, tokens[0]));

    const burst = Array.from({ length: 150 }, (_, n) => ({ token: tokens[n % tokens.length], product: products[n % products.length] }));
    const answers = await Promise.all(burst.map(({ token, product }) => placeWaiting(token, product._id)));
    const outcomes = await Promise.all(answers.map((order, n) => (order.status === 'pending' ? settled(order._id, burst[n].token) : order)));

    const confirmedOf = (product: ProductDto) =>
      outcomes.filter((order) => order.status === 'confirmed' && order.orderItems[0].product === product._id).length;
    expect(outcomes.every((order) => order.status !== 'pending')).toBe(true);
    expect(confirmedOf(products[0])).toBe(50);
    expect(confirmedOf(products[1])).toBe(50);
    expect(confirmedOf(products[2])).toBe(29);
    expect(outcomes.filter((order) => order.status === 'cancelled')).toHaveLength(21);
    expect(await stockOf(products[0]._id)).toBe(1000 - 51);
    expect(await stockOf(products[1]._id)).toBe(1000 - 51);
    expect(await stockOf(products[2]._id)).toBe(0);
  });

  it('loses nothing and does nothing twice when orders and catalog are killed mid-flow', async () => {
    const product = await newProduct('Through the crash', 500);
    const token = await newCustomer();
    await place(token, product._id).then((order) => settled(order._id, token));

    const placing = Array.from({ length: 40 }, () => place(token, product._id));
    await Promise.all(placing.slice(0, 10));
    await Promise.all([shop.stopPart('catalog', 'SIGKILL'), shop.stopPart('orders', 'SIGKILL')]);
    await Promise.allSettled(placing);
    await Promise.all([shop.startPart('catalog'), shop.startPart('orders')]);

    // Every order the shop stored (also one whose answer the crash cut off) settles, and takes its unit once.
    const mine = (await call<OrderDto[]>('GET', '/api/orders/mine', undefined, token)).body;
    expect(mine.length).toBeGreaterThanOrEqual(11);
    const outcomes = await Promise.all(mine.map((order) => settled(order._id, token, 60_000)));
    expect(outcomes.every((order) => order.status === 'confirmed')).toBe(true);
    await eventually(async () => ((await stockOf(product._id)) === 500 - mine.length ? true : undefined), 20_000, 'the stock to match the orders');
  });
});
