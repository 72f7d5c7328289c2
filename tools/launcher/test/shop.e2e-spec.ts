/**
 * The shop as a user starts it: the built launcher (what `npm start` runs)
 * with its own instance prefix, ports and data folder, checked through the
 * gateway only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderDto, ProductDto, ProductListDto, ProfileDto, UserInfoDto } from '@shop/contracts';
import { deleteStream, dropDatabases, freeBasePort, freePort, startShop as startLauncher, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL, type RunningShop } from '@shop/testing';

const launcher = fileURLToPath(new URL('../dist/main.js', import.meta.url));

const startShop = (env: Record<string, string> & { PORT: string }) => startLauncher(launcher, env);

async function json<T>(shop: RunningShop, path: string, init: RequestInit = {}) {
  const res = await fetch(`${shop.base}${path}`, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

interface HealthBody {
  services: Record<string, { status: string }>;
}

const withJson = (method: string, body: unknown, token?: string): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** PayPal's side of a payment, as the buyer's browser drives it through the stand-in's REST API. */
async function payWithStandIn(paypalBase: string, totalPrice: number): Promise<{ id: string; status: string; update_time: string; payer: { email_address: string } }> {
  const basic = Buffer.from('sb-stand-in:stand-in-secret').toString('base64');
  const token = (await (
    await fetch(`${paypalBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })
  ).json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const created = (await (
    await fetch(`${paypalBase}/v2/checkout/orders`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: totalPrice.toFixed(2) } }] }),
    })
  ).json()) as { id: string };
  await fetch(`${paypalBase}/stand-in/orders/${created.id}/approve`, { method: 'POST' });
  return (await (await fetch(`${paypalBase}/v2/checkout/orders/${created.id}/capture`, { method: 'POST', headers: auth })).json()) as never;
}

/** The order life cycle through the gateway: priced by the server, confirmed, paid, in the profile, delivered. */
async function placePayAndDeliver(shop: RunningShop, product: ProductDto, adminToken: string, paypalPort: number): Promise<void> {
  const customer = await json<UserInfoDto>(shop, '/api/users', withJson('POST', { name: 'Casey Buyer', email: `casey-${Date.now()}@example.com`, password: 'casey-secret' }));
  expect(customer.status).toBe(201);
  const token = customer.body.token;
  const placed = await json<OrderDto>(
    shop,
    '/api/orders',
    withJson(
      'POST',
      {
        orderItems: [{ product: product._id, quantity: 2, price: 0.01 }],
        shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
        paymentGateway: 'PayPal',
        totalPrice: 0.01,
      },
      token,
    ),
  );
  expect(placed.status).toBe(201);
  const itemsCents = Math.round(product.price * 100) * 2;
  expect(placed.body.itemsPrice).toBe(itemsCents / 100);
  expect(placed.body.totalPrice).toBe((itemsCents + (itemsCents > 10_000 ? 0 : 5_000) + Math.round(itemsCents / 10)) / 100);

  let order = placed.body;
  const until = Date.now() + 30_000;
  while (order.status === 'pending' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    order = (await json<OrderDto>(shop, `/api/orders/${order._id}`, { headers: { authorization: `Bearer ${token}` } })).body;
  }
  expect(order.status).toBe('confirmed');

  const capture = await payWithStandIn(`http://127.0.0.1:${paypalPort}`, order.totalPrice);
  const result = { id: capture.id, status: capture.status, update_time: capture.update_time, payer: { email_address: capture.payer.email_address } };
  const paid = await json<OrderDto>(shop, `/api/orders/${order._id}/pay_status`, withJson('PUT', result, token));
  expect(paid).toMatchObject({ status: 200 });
  expect(paid.body).toMatchObject({ isPaid: true, paymentResult: { id: capture.id, status: 'COMPLETED' } });

  const profile = await json<ProfileDto>(shop, '/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(profile.body.orderList.map((o) => o._id)).toEqual([order._id]);

  const delivered = await json<OrderDto>(shop, `/api/orders/${order._id}/delivery_status`, withJson('PUT', {}, adminToken));
  expect(delivered.status).toBe(200);
  expect(delivered.body.isDelivered).toBe(true);
}

describe('npm start', () => {
  it('serves the demo catalog, accounts and health through the gateway, and stops cleanly', async () => {
    const prefix = testPrefix();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-data-'));
    const port = await freeBasePort();
    const shop = await startShop({
      PORT: String(port),
      INSTANCE_PREFIX: prefix,
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DATABASE_URL,
      NATS_URL: TEST_NATS_URL,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-secret-1',
    });
    try {
      const lines = shop.output().split('\n');
      for (const part of ['postgres', 'nats', 'paypal', 'users', 'catalog', 'orders', 'gateway']) {
        expect(lines.some((line) => line.startsWith(part))).toBe(true);
      }

      const page1 = await json<ProductListDto>(shop, '/api/products');
      expect(page1.status).toBe(200);
      expect(page1.body.pages).toBe(2);
      expect(page1.body.page).toBe(1);
      expect(page1.body.products).toHaveLength(8);
      const page2 = await json<ProductListDto>(shop, '/api/products?pageNumber=2');
      expect(page2.body.products.length).toBeGreaterThan(0);

      const image = await fetch(`${shop.base}${page1.body.products[0].image}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);

      const login = await json<UserInfoDto>(shop, '/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'owner-secret-1' }),
      });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ email: 'owner@example.com', isAdmin: true });
      expect(login.headers.get('x-request-id')).toBeTruthy();

      // The catalog verifies the users service's token on its own.
      const created = await json<ProductDto>(shop, '/api/products', {
        method: 'POST',
        headers: { authorization: `Bearer ${login.body.token}` },
      });
      expect(created.status).toBe(201);
      expect(created.body.name).toBe('Sample name');

      const health = await json<HealthBody>(shop, '/api/health');
      expect(health.status).toBe(200);
      for (const service of ['catalog', 'users', 'orders']) expect(health.body.services[service].status).toBe('up');

      await placePayAndDeliver(shop, page1.body.products[0], login.body.token, port + 4);
    } finally {
      expect(await shop.stop()).toBe(0);
      await dropDatabases(prefix);
      await deleteStream(prefix);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('serves embedded PostgreSQL and starts its own NATS when none answers', async () => {
    const prefix = testPrefix();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-data-'));
    const port = await freeBasePort();
    const shop = await startShop({
      PORT: String(port),
      INSTANCE_PREFIX: prefix,
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`,
      NATS_URL: `nats://127.0.0.1:${await freePort()}`,
    });
    try {
      expect(shop.output()).toMatch(/embedded PostgreSQL \(PGlite\)/);
      expect(shop.output()).toMatch(/started nats-server/);
      const page1 = await json<ProductListDto>(shop, '/api/products');
      expect(page1.body.pages).toBe(2);
      const login = await json<UserInfoDto>(shop, '/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin12345' }),
      });
      expect(login.status).toBe(200);
    } finally {
      expect(await shop.stop()).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
