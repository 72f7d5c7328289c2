/**
 * The order saga across the real processes (gateway, users, catalog, orders),
 * a NATS server of the test's own and the PayPal stand-in: the race for the
 * last units, a catalog that is down while orders come in, and a NATS restart.
 */
import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually } from '@shop/testing';
import { ShopHarness } from '../src/shop-harness.js';

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

describe('the order saga across services', () => {
  let shop: ShopHarness;
  let adminToken: string;

  beforeAll(async () => {
    shop = await ShopHarness.start({ SEED_DEMO_CATALOG: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    adminToken = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
  });

  afterAll(async () => {
    await shop?.dispose();
  });

  async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
    const res = await fetch(shop.url(path), {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

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
});
