/**
 * The shop as a user starts it: the built launcher (what `npm start` runs)
 * with its own instance prefix, ports and data folder, checked through the
 * gateway only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderDto, ProductDto, ProductListDto, ProfileDto, UserInfoDto } from '@shop/contracts';
import { createServer } from 'node:net';
import { spawn } from 'node:child_process';
import { deleteStream, dropDatabases, eventually, freeBasePort, freePort, killPart, startShop as startLauncher, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL, type RunningShop } from '@shop/testing';

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

/**
 * Kills a part of the running shop with SIGKILL (its pid from the launcher's run folder) and answers
 * how long until the launcher said it was started again and ready.
 */
async function killAndWaitBack(shop: RunningShop, runDir: string, part: string, backLine: RegExp): Promise<number> {
  const { pid, newPid, backMs, said } = await killPart(shop, runDir, part, backLine, 60_000);
  expect(said).toMatch(new RegExp(`${part}\\s+stopped unexpectedly \\(SIGKILL\\); starting it again in 0.5 s`));
  expect(newPid).not.toBe(pid);
  process.stdout.write(`${part} killed with SIGKILL: back ${backMs} ms later\n`);
  return backMs;
}

/** The buyer approves PayPal's order in PayPal's window: here, the stand-in's approve call. */
async function approveAtStandIn(paypalBase: string, paypalOrderId: string): Promise<void> {
  const approved = await fetch(`${paypalBase}/stand-in/orders/${paypalOrderId}/approve`, { method: 'POST' });
  expect(approved.status).toBe(200);
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
  // The answer's body says why when it is not 201.
  expect({ status: placed.status, body: placed.status === 201 ? undefined : placed.body }).toEqual({ status: 201, body: undefined });
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

  // As the PayPal button does: the shop opens PayPal's order, the buyer approves, the shop captures.
  const opened = await json<{ id: string }>(shop, `/api/orders/${order._id}/paypal`, withJson('POST', {}, token));
  expect(opened.status).toBe(201);
  await approveAtStandIn(`http://127.0.0.1:${paypalPort}`, opened.body.id);
  const paid = await json<OrderDto>(shop, `/api/orders/${order._id}/pay_status`, withJson('PUT', { id: opened.body.id }, token));
  expect(paid).toMatchObject({ status: 200 });
  expect(paid.body).toMatchObject({ isPaid: true, paymentResult: { status: 'COMPLETED' } });

  const profile = await json<ProfileDto>(shop, '/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(profile.body.orderList.map((o) => o._id)).toEqual([order._id]);

  const delivered = await json<OrderDto>(shop, `/api/orders/${order._id}/delivery_status`, withJson('PUT', {}, adminToken));
  expect(delivered.status).toBe(200);
  expect(delivered.body.isDelivered).toBe(true);
}

/**
 * An admin's new price reaches the orders placed afterwards. Orders prices a placement from memory and
 * forgets a product when its copy's change is announced by NOTIFY: on a database that does not deliver
 * it to the listener (the embedded one did not), the old price stayed.
 */
async function newPriceReachesOrders(shop: RunningShop, product: ProductDto, adminToken: string): Promise<void> {
  const price = Math.round(product.price * 100 + 123) / 100;
  const { _id, name, image, brand, category, countInStock, description } = product;
  const updated = await json<ProductDto>(shop, `/api/products/${_id}`, withJson('PUT', { _id, name, price, image, brand, category, countInStock, description }, adminToken));
  expect(updated).toMatchObject({ status: 200, body: { price } });
  const customer = await json<UserInfoDto>(shop, '/api/users', withJson('POST', { name: 'Robin Repricing', email: `robin-${Date.now()}@example.com`, password: 'robin-secret' }));
  const order = { shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' }, paymentGateway: 'PayPal' };
  await eventually(
    async () => {
      const placed = await json<OrderDto>(shop, '/api/orders', withJson('POST', { ...order, orderItems: [{ product: _id, quantity: 1 }] }, customer.body.token));
      expect(placed.status).toBe(201);
      if (placed.body.itemsPrice === price) return true;
      await new Promise((resolve) => setTimeout(resolve, 500));
      return undefined;
    },
    15_000,
    `an order priced at the new price ${price}`,
  );
}

describe('npm start', () => {
  it('refuses to start, saying which, when a port it needs is taken', async () => {
    const port = await freeBasePort();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port + 3, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-data-'));
    try {
      const child = spawn(process.execPath, [launcher], {
        env: { ...process.env, PORT: String(port), INSTANCE_PREFIX: testPrefix(), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(`cannot start: port ${port + 3} (orders) on 127.0.0.1 already in use; stop what uses them or set PORT`);
      // It checked before it made anything: no log or run folder is left behind.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      squatter.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

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
      for (const part of ['postgres', 'nats', 'mail', 'paypal', 'users', 'catalog', 'orders', 'gateway']) {
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

      // The storefront server yields the CPU to the API's services (STOREFRONT_NICE, 10 by default); the rest run as usual.
      const runDir = join(dataDir, prefix, 'run');
      const pidOf = (part: string) => Number(readFileSync(join(runDir, `${part}.pid`), 'utf8'));
      expect(getPriority(pidOf('storefront'))).toBe(10);
      expect(getPriority(pidOf('gateway'))).toBe(getPriority(process.pid));

      await placePayAndDeliver(shop, page1.body.products[0], login.body.token, shop.port + 4);

      // Supervision: a service killed with SIGKILL is started again within seconds, and serves again.
      expect(await killAndWaitBack(shop, runDir, 'catalog', /catalog\s+started again, ready/)).toBeLessThan(30_000);
      expect((await json<ProductListDto>(shop, '/api/products')).status).toBe(200);
    } finally {
      expect(await shop.stop()).toBe(0);
      expect(readdirSync(join(dataDir, prefix, 'run'))).toEqual([]);
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
      // The catalog's search migration ran on PGlite (pg_trgm loaded), and a misspelt word is corrected.
      const typo = await json<ProductListDto>(shop, '/api/products?keyword=iphnoe');
      expect(typo.body.products[0]?.name).toMatch(/iPhone/);
      const login = await json<UserInfoDto>(shop, '/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin12345' }),
      });
      expect(login.status).toBe(200);

      // Its own NATS has a user per service (natsPermissionsOf), in a file only the owner reads,
      // and the whole order saga runs through it.
      const natsConfig = join(dataDir, prefix, 'nats.conf');
      expect(statSync(natsConfig).mode & 0o777).toBe(0o600);
      const users = (JSON.parse(readFileSync(natsConfig, 'utf8')) as { authorization: { users: { user: string }[] } }).authorization.users;
      expect(users.map((user) => user.user)).toEqual(['users', 'catalog', 'orders']);
      await placePayAndDeliver(shop, page1.body.products[0], login.body.token, shop.port + 4);
      await newPriceReachesOrders(shop, page1.body.products[0], login.body.token);
      // ...because the embedded database delivers what the pool announces to orders' listener.
      const ordersLog = () => readFileSync(join(dataDir, prefix, 'logs', 'orders.log'), 'utf8');
      await eventually(async () => (/announcements reach the outcome listener/.test(ordersLog()) ? true : undefined), 10_000, "orders' listener to hear its probe");
      expect(ordersLog()).not.toMatch(/do not reach the outcome listener/);

      // The nats-server it started is supervised too: killed, it comes back and the saga goes on.
      await killAndWaitBack(shop, join(dataDir, prefix, 'run'), 'nats', /nats\s+started again/);
      await eventually(async () => ((await json<HealthBody>(shop, '/api/health')).status === 200 ? true : undefined), 30_000, 'the services to reconnect');
      await placePayAndDeliver(shop, page1.body.products[1], login.body.token, shop.port + 4);

      // So is the process serving the embedded databases: killed, it comes back with every order and
      // account kept, the services reconnect and the saga goes on.
      await killAndWaitBack(shop, join(dataDir, prefix, 'run'), 'postgres', /postgres\s+started again/);
      await eventually(async () => ((await json<HealthBody>(shop, '/api/health')).status === 200 ? true : undefined), 30_000, 'the services to reconnect');
      const again = await json<UserInfoDto>(shop, '/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin12345' }),
      });
      expect(again.status).toBe(200);
      const orders = await json<OrderDto[]>(shop, '/api/orders', { headers: { authorization: `Bearer ${again.body.token}` } });
      expect(orders.body.filter((order) => order.isPaid && order.isDelivered)).toHaveLength(2);
      await placePayAndDeliver(shop, page1.body.products[2], again.body.token, shop.port + 4);
    } finally {
      expect(await shop.stop()).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs REPLICAS=2 of each service behind the gateway, and no GET fails while a replica is killed', async () => {
    const prefix = testPrefix();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-data-'));
    // The second replicas listen on PORT+21..23.
    const port = await freeBasePort(24);
    const shop = await startShop({
      PORT: String(port),
      REPLICAS: '2',
      // The readers below are four busy shoppers on one address.
      RATE_LIMIT_PER_MINUTE: '0',
      // Every read goes to a catalog replica, none is answered from the gateway's memory.
      API_CACHE_MS: '0',
      INSTANCE_PREFIX: prefix,
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DATABASE_URL,
      NATS_URL: TEST_NATS_URL,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-secret-1',
    });
    try {
      for (const part of ['catalog-2', 'users-2', 'orders-2']) expect(shop.output()).toMatch(new RegExp(`${part}\\s+ready on`));
      const health = await json<{ services: Record<string, { status: string; replicas?: { ready: number; total: number } }> }>(shop, '/api/health');
      for (const service of ['catalog', 'users', 'orders']) expect(health.body.services[service]).toMatchObject({ status: 'up', replicas: { ready: 2, total: 2 } });

      // Shoppers keep reading the catalog while one of its replicas is killed and comes back.
      let reading = true;
      const statuses: number[] = [];
      const readers = Array.from({ length: 4 }, async () => {
        while (reading) {
          // 0: the gateway did not answer at all.
          statuses.push(await fetch(`${shop.base}/api/products?keyword=phone`).then((res) => res.status, () => 0));
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      });
      await killAndWaitBack(shop, join(dataDir, prefix, 'run'), 'catalog', /catalog\s+started again, ready/);
      reading = false;
      await Promise.all(readers);
      process.stdout.write(`REPLICAS=2: ${statuses.length} catalog reads while a replica was killed, ${statuses.filter((s) => s !== 200).length} failed\n`);
      if (statuses.some((status) => status !== 200)) process.stdout.write(`the launcher said:\n${shop.output()}\n`);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);

      const login = await json<UserInfoDto>(shop, '/api/users/login', withJson('POST', { email: 'owner@example.com', password: 'owner-secret-1' }));
      const page1 = await json<ProductListDto>(shop, '/api/products');
      await placePayAndDeliver(shop, page1.body.products[0], login.body.token, shop.port + 4);
    } finally {
      expect(await shop.stop()).toBe(0);
      await dropDatabases(prefix);
      await deleteStream(prefix);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
