/**
 * The Dockerfile's images, built from this tree with podman (on the local Node base image that stands in
 * for node:24-bookworm-slim), started as a whole shop on the host's network against the machine's
 * PostgreSQL and NATS (the run's own instance prefix, free ports): each answers /health, then /ready,
 * runs as the unprivileged `node` user and holds only its part's production files, and the shop takes an
 * order through its gateway, whose pages the storefront server's image renders. Prints each image's size
 * and time to ready.
 */
import { randomBytes } from 'node:crypto';
import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { deleteStream, dropDatabases, eventually, freePort, testPrefix } from '@shop/testing';
import { podman, run } from '../src/podman.js';
import { ADDRESS, callApi } from '../src/shop-api.js';
import { imageOf, PARTS, RUN_ID, RUN_LABEL, shopImages, type BuiltImages, type Part } from '../src/shop-images.js';

const ADMIN = { email: 'admin@example.com', password: 'admin-secret-1' };
const PAYPAL = { PAYPAL_CLIENT_ID: 'sb-images', PAYPAL_CLIENT_SECRET: 'images-secret' };
/** Packages that must never be in a part's image: tests, benches, browsers, build tools, the launcher's. */
const DEV_ONLY = ['jest', 'typescript', 'eslint', 'nx', 'playwright-core', 'autocannon', 'axe-core', 'lighthouse', 'kubernetes-models', '@electric-sql/pglite', 'supertest', 's3rver', '@rspack/core', '@swc/core', '@shop/testing', '@shop/launcher'];

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

describe('the images, built with podman and started as a shop', () => {
  const prefix = testPrefix();
  const containers: string[] = [];
  const ports = {} as Record<Part, number>;
  const readyAfter = {} as Record<Part, number>;
  let built: BuiltImages;
  const url = (part: Part, path: string) => `http://127.0.0.1:${ports[part]}${path}`;

  beforeAll(async () => {
    built = await shopImages();
    for (const part of PARTS) ports[part] = await freePort();
  }, 1_800_000);

  afterAll(async () => {
    if (containers.length) await run('podman', ['rm', '--force', '--time', '5', ...containers]);
    await dropDatabases(prefix);
    await deleteStream(prefix);
  }, 120_000);

  /** Starts a part's image on the host's network with the shop's settings for this run; resolves with the container's name. */
  async function start(part: Part, env: Record<string, string>): Promise<string> {
    const name = `shop-test-${RUN_ID}-${part}`;
    const settings = { PORT: String(ports[part]), HOST: '127.0.0.1', ...env };
    await podman(['run', '--detach', '--name', name, '--label', RUN_LABEL, '--network', 'host', ...Object.entries(settings).flatMap(([key, value]) => ['--env', `${key}=${value}`]), imageOf(part)]);
    containers.push(name);
    return name;
  }

  /** Waits for a part's /health, then its /ready (the gateway's /api/health), and records how long after its start. */
  async function awaitReady(part: Part, startedAt: number, readyPath: string, name: string): Promise<void> {
    const answers = async (path: string) => {
      const res = await fetch(url(part, path), { signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
      return res?.status === 200 ? true : undefined;
    };
    try {
      await eventually(() => answers('/health'), 120_000, `${part}'s /health`);
      await eventually(() => answers(readyPath), 120_000, `${part}'s ${readyPath}`);
    } catch (error) {
      const logs = await run('podman', ['logs', '--tail', '40', name]);
      throw new Error(`${String(error)}\n${part}'s log:\n${logs.stdout}${logs.stderr}`, { cause: error });
    }
    readyAfter[part] = Math.round((performance.now() - startedAt) / 100) / 10;
  }

  it('builds every target, each small and with only its part\'s production files, run by the node user', async () => {
    process.stdout.write(
      `images (podman ${await podman(['version', '--format', '{{.Client.Version}}'])}, base ${process.env.NODE_IMAGE ?? 'localhost/shop-base/node:24.21'}; seconds to build, the first with the shared build stage):\n` +
        PARTS.map((part) => `  ${part.padEnd(16)} ${megabytes(built.bytes[part]).padStart(7)}  built in ${built.seconds[part]} s`).join('\n') +
        '\n',
    );
    const base = Number(await podman(['image', 'inspect', '--format', '{{.Size}}', process.env.NODE_IMAGE ?? 'localhost/shop-base/node:24.21']));
    for (const part of PARTS) {
      const image = imageOf(part);
      expect([part, await podman(['image', 'inspect', '--format', '{{.Config.User}}', image])]).toEqual([part, 'node']);
      // Each part's own layer over the base: its production tree (docs/deploy.md, "Lean images": at most ~85 MB).
      expect([part, built.bytes[part] - base < 150e6]).toEqual([part, true]);
      const listing = await podman([
        'run', '--rm', '--label', RUN_LABEL, '--entrypoint', 'node', image, '-e',
        `const fs=require('node:fs');const top=p=>fs.existsSync(p)?fs.readdirSync(p):[];
         const mods=top('node_modules').flatMap(n=>n.startsWith('@')?top('node_modules/'+n).map(m=>n+'/'+m):[n]);
         console.log(JSON.stringify({uid:process.getuid(),shop:top('.').sort(),mods,writable:(()=>{try{fs.writeFileSync('x','');return true}catch{return false}})()}))`,
      ]);
      const { uid, shop, mods, writable } = JSON.parse(listing) as { uid: number; shop: string[]; mods: string[]; writable: boolean };
      expect([part, uid, writable]).toEqual([part, 1000, false]);
      expect([part, mods.filter((name) => DEV_ONLY.includes(name))]).toEqual([part, []]);
      // The workspaces it runs (services/, libs/, the front ends' builds of the storefront server and the gateway, the stand-in's tools/) and their packages: no tests, benches or sources of other parts.
      expect([part, shop.filter((name) => !['package.json', 'node_modules', 'services', 'libs', 'apps', 'tools'].includes(name))]).toEqual([part, []]);
    }
  });

  it('starts each image: /health, then /ready; the shop takes an order through its gateway', async () => {
    const secret = randomBytes(24).toString('base64url');
    const database = { INSTANCE_PREFIX: prefix, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', NATS_URL: 'nats://127.0.0.1:4222', LOG_LEVEL: 'warn' };
    const local = (part: Part) => `http://127.0.0.1:${ports[part]}`;
    const plan: [Part, Record<string, string>, string][] = [
      ['paypal-stand-in', PAYPAL, '/health'],
      ['users', { ...database, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SIGNING_KEY_SECRET: secret, ORDERS_URL: local('orders') }, '/ready'],
      ['catalog', { ...database, USERS_URL: local('users'), SEED_DEMO_CATALOG: 'false' }, '/ready'],
      ['orders', { ...database, ...PAYPAL, USERS_URL: local('users'), PAYPAL_API_BASE: local('paypal-stand-in') }, '/ready'],
      // Its image runs in production, where the shop's public address is required: the gateway's here.
      ['storefront', { CATALOG_URL: local('catalog'), USERS_URL: local('users'), PUBLIC_URL: local('gateway'), LOG_LEVEL: 'warn' }, '/ready'],
      ['gateway', { CATALOG_URL: local('catalog'), USERS_URL: local('users'), ORDERS_URL: local('orders'), STOREFRONT_URL: local('storefront'), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' }, '/api/health'],
    ];
    // In order, as each needs the one before (users' signing keys, catalog's products): what a deploy's readiness gates do.
    for (const [part, env, readyPath] of plan) {
      const startedAt = performance.now();
      const name = await start(part, env);
      await awaitReady(part, startedAt, readyPath, name);
    }
    process.stdout.write(`seconds from podman run to ready: ${PARTS.map((part) => `${part} ${readyAfter[part]}`).join(', ')}\n`);

    const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(`http://127.0.0.1:${ports.gateway}`, method, path, body, token);
    const admin = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
    const sample = (await call<ProductDto>('POST', '/api/products', undefined, admin)).body;
    const edit = { name: 'Container lamp', price: 20, image: '/uploads/sample.svg', brand: 'Test', category: 'Test', countInStock: 5, description: 'Shipped in a box.' };
    const product = (await call<ProductDto>('PUT', `/api/products/${sample._id}`, edit, admin)).body;
    const customer = await call<UserInfoDto>('POST', '/api/users', { name: 'Boxed Buyer', email: 'buyer@example.com', password: 'customer-secret' });
    expect(customer.status).toBe(201);
    const order = { orderItems: [{ product: product._id, quantity: 2 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };
    const placed = await eventually(async () => {
      const answer = await call<OrderDto>('POST', '/api/orders', order, customer.body.token);
      return answer.status === 201 ? answer.body : undefined;
    }, 30_000, 'orders to know the product');
    const confirmed = await eventually(async () => {
      const answer = await call<OrderDto>('GET', `/api/orders/${placed._id}`, undefined, customer.body.token);
      return answer.body.status === 'confirmed' ? answer.body : undefined;
    }, 30_000, 'the order confirmed');
    expect(confirmed.totalPrice).toBeGreaterThan(0);
    await eventually(async () => ((await call<ProductDto>('GET', `/api/products/${product._id}`)).body.countInStock === 3 ? true : undefined), 15_000, 'the stock taken');
    // The storefront server's image renders the product page on the server, through the gateway.
    const page = await call<string>('GET', `/product/${product._id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Container lamp');
    const storefrontMetrics = await (await fetch(url('storefront', '/metrics'))).text();
    // (Its pages' route is its catch-all, `/{*path}`: a brace inside the labels.)
    expect(storefrontMetrics).toMatch(/^http_server_request_duration_seconds_count\{method="GET",.*,status_code="200"\} [1-9]/m);
    // Its image stopped, the gateway's own serves the shell's page and the current builds for the browser to render.
    await podman(['stop', '--time', '10', `shop-test-${RUN_ID}-storefront`], { timeoutMs: 60_000 });
    const fallback = await fetch(`http://127.0.0.1:${ports.gateway}/`, { headers: { accept: 'text/html' } });
    expect([fallback.status, fallback.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/html/)]);
    const remotes = (await call<Record<string, string>>('GET', '/mf/remotes.json')).body;
    expect(Object.keys(remotes).sort()).toEqual(['admin', 'catalog', 'checkout']);
    for (const entry of Object.values(remotes)) expect([entry, (await call('GET', entry)).status]).toEqual([entry, 200]);
  });
});
