/**
 * compose.yaml for real: podman-compose runs it with the run's images (PostgreSQL and the three-node NATS
 * cluster in containers, two replicas of each service and of the storefront server, the gateway, and the
 * PayPal stand-in of deploy/compose/paypal-stand-in.yaml). A shopper's journey passes through the published
 * gateway, its pages rendered by the storefront server, in chromium too; a catalog container's process killed (SIGKILL) and an orders container stopped (SIGTERM) under load
 * cost no request, and podman brings the killed one back; taking the project down leaves no container,
 * network or volume behind.
 */
import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually, launchChromium } from '@shop/testing';
import { ADMIN, ComposeShop, SHOP_SERVICES } from '../src/compose-shop.js';
import { podman, run } from '../src/podman.js';
import { ADDRESS, callApi, failed, prepareShop, startCustomers, summaryOf } from '../src/shop-api.js';
import { shopImages } from '../src/shop-images.js';

describe('compose.yaml, run by podman-compose', () => {
  let shop: ComposeShop;
  let upSeconds = 0;

  beforeAll(async () => {
    await shopImages();
    shop = await ComposeShop.create('compose');
    const started = performance.now();
    await shop.up();
    try {
      upSeconds = await shop.awaitServing(started);
    } catch (error) {
      const logs = await Promise.all(['gateway', 'storefront-1', 'users-1', 'catalog-1', 'orders-1', 'postgres', 'nats-1'].map(async (service) => `--- ${service}\n${await shop.logs(service as never)}`));
      throw new Error(`${String(error)}\n${logs.join('\n')}`, { cause: error });
    }
    process.stdout.write(`compose: ${SHOP_SERVICES.length} containers up and the shop answering signed-in calls ${upSeconds} s after podman-compose up began\n`);
  }, 1_800_000);

  afterAll(async () => {
    await shop?.down();
  }, 900_000);

  // SHOP_CONTAINER_LOGS=1: what the parts logged (warnings and errors) after each test.
  afterEach(async () => {
    if (!process.env.SHOP_CONTAINER_LOGS || !shop) return;
    for (const service of ['gateway', 'storefront-1', 'storefront-2', 'users-1', 'users-2', 'orders-1', 'orders-2', 'catalog-1', 'catalog-2'] as const) {
      const restarts = await shop.state(service).then((state) => state.restarts, () => 'gone');
      const lines = (await shop.logs(service, 400)).split('\n').filter((line) => /"level":[4-6]0|ERROR|Error/.test(line));
      process.stdout.write(`--- ${service} (restarted ${restarts} times)\n${lines.slice(-15).join('\n')}\n`);
    }
  });

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(shop.base, method, path, body, token);

  it('runs every service as compose.yaml says: two replicas each (the storefront server too), the stream on three NATS nodes', async () => {
    for (const service of SHOP_SERVICES) expect([service, (await shop.state(service)).running]).toEqual([service, true]);
    const health = (await call<{ status: string; services: Record<string, { status: string; replicas?: { ready: number; total: number } }> }>('GET', '/api/health')).body;
    expect(health.status).toBe('ok');
    for (const service of ['catalog', 'users', 'orders', 'storefront']) expect([service, health.services[service].replicas]).toEqual([service, { ready: 2, total: 2 }]);
  });

  it('takes a shopper from the home page to a confirmed order, and an admin sees it', async () => {
    // The demo catalog (SEED_DEMO_CATALOG) is there, rendered on the server (by a storefront replica) and answered by the API.
    const products = (await call<{ products: ProductDto[] }>('GET', '/api/products')).body.products;
    expect(products.length).toBeGreaterThan(0);
    const home = await call<string>('GET', '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain(products[0].name);

    const signedUp = await call<UserInfoDto>('POST', '/api/users', { name: 'Compose Shopper', email: 'compose-shopper@example.com', password: 'customer-secret' });
    expect(signedUp.status).toBe(201);
    const product = products.find((candidate) => candidate.countInStock > 0)!;
    const placed = await call<OrderDto>('POST', '/api/orders', { orderItems: [{ product: product._id, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' }, signedUp.body.token);
    expect(placed.status).toBe(201);
    const confirmed = await eventually(async () => {
      const answer = await call<OrderDto>('GET', `/api/orders/${placed.body._id}`, undefined, signedUp.body.token);
      return answer.body.status === 'confirmed' ? answer.body : undefined;
    }, 30_000, 'the order confirmed');
    expect(confirmed.orderItems[0].name).toBe(product.name);
    const admin = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
    const all = await call<OrderDto[]>('GET', '/api/orders', undefined, admin);
    expect(all.body.map((order) => order._id)).toContain(placed.body._id);

    // In chromium: the shell and the micro-frontends, served by the storefront server's image, show the product page.
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${shop.base}/product/${product._id}`);
      await page.getByRole('heading', { name: product.name }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: /add to cart/i }).click();
      await page.waitForURL('**/cart**', { timeout: 30_000 });
      await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: product.name }).first().waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("loses no request while a catalog container's process is killed and an orders container stopped, and podman brings the killed one back", async () => {
    const { product, tokens, order } = await prepareShop(shop.base, ADMIN, 100_000, 10, 'Compose lamp');
    let phase = 'steady';
    const customers = startCustomers(shop.base, tokens, product._id, order, () => phase);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let backAfter: number | undefined;
    try {
      await pause(3_000);

      phase = 'catalog-1 killed';
      backAfter = await shop.crash('catalog-1');
      await eventually(async () => ((await call<{ services: { catalog: { replicas?: { ready: number } } } }>('GET', '/api/health')).body.services?.catalog.replicas?.ready === 2 ? true : undefined), 120_000, 'catalog-1 ready again');

      phase = 'orders-1 stopped';
      // As an operator's `podman stop` (a rolling update's): SIGTERM, the drain, then the container ends.
      await podman(['stop', '--time', '45', shop.container('orders-1')], { timeoutMs: 60_000 });
      await pause(3_000);
      await podman(['start', shop.container('orders-1')]);
      await eventually(async () => ((await call<{ services: { orders: { replicas?: { ready: number } } } }>('GET', '/api/health')).body.services?.orders.replicas?.ready === 2 ? true : undefined), 120_000, 'orders-1 ready again');
      phase = 'after';
      await pause(3_000);
    } finally {
      await customers.stop();
    }
    const { outcomes } = customers;
    process.stdout.write(`compose under load (10 customers):\n${summaryOf(outcomes)}\n  catalog-1 started again by podman after ${backAfter} s\n`);
    expect(outcomes.filter(failed)).toEqual([]);
    for (const phaseName of ['catalog-1 killed', 'orders-1 stopped']) expect(outcomes.filter((outcome) => outcome.phase === phaseName).length).toBeGreaterThan(0);
  });

  it("renders every page on the other replica while a storefront container's process is killed, and podman brings it back", async () => {
    const products = (await call<{ products: ProductDto[] }>('GET', '/api/products')).body.products;
    const paths = ['/', `/product/${products[0]._id}`, '/search/lamp'];
    const shoppers = 4;
    let phase = 'steady';
    let running = true;
    const pages: { phase: string; status: number; rendered: boolean }[] = [];
    const loops = Array.from({ length: shoppers }, async (_, n) => {
      for (let i = n; running; i++) {
        const page = await fetch(`${shop.base}${paths[i % paths.length]}`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(15_000) })
          .then(async (res) => ({ status: res.status, html: await res.text() }))
          .catch(() => ({ status: 0, html: '' }));
        // A server-rendered page carries its page credential; the gateway's fallback is the shell's index.html as built.
        pages.push({ phase, status: page.status, rendered: page.html.includes('name="shop-page-session"') });
      }
    });
    let backAfter: number | undefined;
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      phase = 'storefront-1 killed';
      backAfter = await shop.crash('storefront-1');
      await eventually(async () => ((await call<{ services: { storefront: { replicas?: { ready: number } } } }>('GET', '/api/health')).body.services?.storefront.replicas?.ready === 2 ? true : undefined), 120_000, 'storefront-1 ready again');
      phase = 'after';
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    } finally {
      running = false;
      await Promise.all(loops);
    }
    const count = (which: string, test: (page: (typeof pages)[number]) => boolean) => pages.filter((page) => page.phase === which && test(page)).length;
    process.stdout.write(
      `compose, pages while a storefront replica is killed (${shoppers} shoppers; started again by podman after ${backAfter} s):\n` +
        ['steady', 'storefront-1 killed', 'after'].map((which) => `  ${which.padEnd(24)} ${String(count(which, () => true)).padStart(5)} pages, ${count(which, (page) => page.rendered)} rendered, ${count(which, (page) => page.status !== 200)} not answered`).join('\n') +
        '\n',
    );
    // A page the killed process was sending is cut short (its status was on the wire): at most one per shopper.
    expect(pages.filter((page) => page.status !== 200).length).toBeLessThanOrEqual(shoppers);
    // The other replica renders the rest: no page falls back to the browser's render while one replica lives.
    expect(pages.filter((page) => page.status === 200 && !page.rendered)).toEqual([]);
    for (const which of ['storefront-1 killed', 'after']) expect([which, count(which, (page) => page.rendered) > 0]).toEqual([which, true]);
  });

  it('leaves no container, network or volume behind when taken down', async () => {
    await shop.down();
    expect(await shop.leftovers()).toEqual({ containers: [], volumes: [], networks: [] });
    const ran = await run('podman', ['ps', '--all', '--format', '{{.Names}}']);
    expect(ran.stdout.split('\n').filter((name) => name.startsWith(shop.project))).toEqual([]);
  });
});
