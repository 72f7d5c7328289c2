/**
 * Every part's `/metrics` (docs/operations.md, "Metrics and dashboards"), read as Prometheus reads it
 * from the shop's processes once an order went through: the HTTP durations by route, the outbox, the
 * consumers' lag, orders by state, the password-hash queue, the caches, Node's event-loop lag; the
 * gateway's on its own port only. And every metric the alert rules and the Grafana dashboard in
 * deploy/ use is one the parts really expose.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually } from '@shop/testing';
import { callApi } from '../src/api.js';
import { ShopHarness, type PartName } from '../src/shop-harness.js';

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const PARTS: PartName[] = ['gateway', 'storefront', 'catalog', 'users', 'orders'];
const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** A Prometheus text exposition's samples: `name{labels} value` lines, comments left out. */
function samplesOf(text: string): { name: string; labels: string; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      // Label values are quoted and may hold braces (the storefront server's catch-all route is `/{*path}`).
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[^"}]|"(?:[^"\\]|\\.)*")*\})? (\S+)/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      return { name: match[1], labels: match[2] ?? '', value: Number(match[3]) };
    });
}

describe('metrics', () => {
  let shop: ShopHarness;
  const exposition = new Map<PartName, string>();

  beforeAll(async () => {
    shop = await ShopHarness.start({ SEED_DEMO_CATALOG: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(shop.url(path), method, body, token);
    const admin = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
    const sample = await call<ProductDto>('POST', '/api/products', undefined, admin);
    const edit = { name: 'Measured product', price: 20, image: '/uploads/sample.svg', brand: 'Test', category: 'Test', countInStock: 5, description: 'Measured.' };
    const product = (await call<ProductDto>('PUT', `/api/products/${sample.body._id}`, edit, admin)).body;
    const token = (await call<UserInfoDto>('POST', '/api/users', { name: 'Measured', email: `measured-${Date.now()}@example.com`, password: 'measured-secret' })).body.token;
    await call('GET', '/api/products');
    await call('GET', '/api/products');
    // A page, rendered by the storefront server on its reads of the catalog.
    expect((await fetch(shop.url('/'), { headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await fetch(shop.url(`/product/${product._id}`), { headers: { accept: 'text/html' } })).status).toBe(200);
    const body = { orderItems: [{ product: product._id, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };
    const order = await eventually(async () => {
      const res = await call<OrderDto>('POST', '/api/orders', body, token);
      if (res.status === 201) return res.body;
      expect(res.status).toBe(400); // product not known to orders yet
      return undefined;
    }, 20_000, 'orders to learn of the product');
    await eventually(async () => ((await call<OrderDto>('GET', `/api/orders/${order._id}`, undefined, token)).body.status === 'confirmed' ? true : undefined), 30_000, 'the order to be confirmed');
    for (const part of PARTS) {
      const res = await fetch(shop.metricsUrl(part));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      exposition.set(part, await res.text());
    }
  });

  afterAll(async () => {
    await shop?.dispose();
  });

  const samples = (part: PartName, name: string) => samplesOf(exposition.get(part) ?? '').filter((sample) => sample.name === name);

  it("times each part's requests by method, route template and status, not by path", () => {
    const orders = samples('orders', 'http_server_request_duration_seconds_count');
    expect(orders.some((sample) => sample.labels.includes('method="POST"') && sample.labels.includes('route="/api/orders"') && sample.labels.includes('status_code="201"'))).toBe(true);
    expect(orders.some((sample) => sample.labels.includes('route="/api/orders/:id"'))).toBe(true);
    // No id in a label: a route is one series however many orders it serves.
    expect(orders.filter((sample) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(sample.labels))).toEqual([]);
    const gateway = samples('gateway', 'http_server_request_duration_seconds_count');
    expect(gateway.some((sample) => sample.labels.includes('route="/api/orders"') && sample.labels.includes('method="POST"'))).toBe(true);
    expect(gateway.some((sample) => sample.labels.includes('route="/api/products"'))).toBe(true);
    // A page as the gateway counts it (by kind) and as the storefront server does (its route).
    expect(gateway.some((sample) => sample.labels.includes('route="page"'))).toBe(true);
    const storefront = samples('storefront', 'http_server_request_duration_seconds_count');
    expect(storefront.some((sample) => sample.labels.includes('method="GET"') && sample.labels.includes('status_code="200"'))).toBe(true);
    // Its pages by the shell's route they are, not as its catch-all (`/{*path}`).
    expect(storefront.some((sample) => sample.labels.includes('route="/"'))).toBe(true);
    expect(storefront.some((sample) => sample.labels.includes('route="/product/:id"'))).toBe(true);
    expect(storefront.filter((sample) => sample.labels.includes('route="/{*path}"') && sample.labels.includes('status_code="200"'))).toEqual([]);
    // Probes are not requests of the shop's.
    for (const part of PARTS) expect(samples(part, 'http_server_request_duration_seconds_count').filter((sample) => /route="\/(health|ready|metrics)"/.test(sample.labels))).toEqual([]);
  });

  it("tells the outbox's backlog and age and each consumer's lag, redeliveries and handled events", () => {
    for (const part of ['catalog', 'users', 'orders'] as const) {
      expect(samples(part, 'shop_outbox_backlog_events')).toHaveLength(1);
      expect(samples(part, 'shop_outbox_oldest_event_age_seconds')[0]?.value).toBeGreaterThanOrEqual(0);
    }
    // users consumes nothing; the consumers are labelled by their names (the job tells the service).
    expect(samples('orders', 'shop_consumer_pending_messages').some((sample) => sample.labels === '{consumer="stock"}')).toBe(true);
    for (const part of ['catalog', 'orders'] as const) {
      for (const name of ['shop_consumer_pending_messages', 'shop_consumer_unacked_messages', 'shop_consumer_redelivered_messages']) {
        expect(samples(part, name).length).toBeGreaterThan(0);
        for (const sample of samples(part, name)) expect(sample.labels).toMatch(/consumer="[^"]+"/);
      }
    }
    expect(samples('catalog', 'shop_events_handled_total').some((sample) => sample.labels.includes('subject="order.placed"') && sample.value >= 1)).toBe(true);
    expect(samples('orders', 'shop_events_handled_total').some((sample) => sample.labels.includes('subject="stock.reserved"') && sample.value >= 1)).toBe(true);
  });

  it('counts orders in every state, the password-hash queue and the caches, and Node’s event-loop lag', () => {
    const states = samples('orders', 'shop_orders');
    expect(states.map((sample) => /state="([^"]+)"/.exec(sample.labels)?.[1]).sort()).toEqual(['awaiting-payment', 'awaiting-stock', 'cancelled', 'delivered', 'paid', 'refunded']);
    expect(states.find((sample) => sample.labels.includes('awaiting-payment'))?.value).toBeGreaterThanOrEqual(1);
    expect(samples('users', 'shop_password_hash_queue_depth')).toHaveLength(1);
    expect(samples('gateway', 'shop_cache_requests_total').some((sample) => sample.labels.includes('cache="api"'))).toBe(true);
    expect(samples('catalog', 'shop_cache_requests_total').some((sample) => sample.labels.includes('cache="product-reads"'))).toBe(true);
    expect(samples('storefront', 'shop_cache_requests_total').some((sample) => sample.labels.includes('cache="renders"'))).toBe(true);
    for (const part of PARTS) expect(samples(part, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    // Served before any report came, one series per result.
    expect(samples('storefront', 'shop_page_reports_total').map((sample) => sample.labels)).toEqual(expect.arrayContaining(['{result="counted"}', '{result="repeated"}']));
  });

  it("never serves the gateway's metrics on its public port, nor forwards a service's", async () => {
    for (const path of ['/metrics', '/api/metrics', '/api/orders/metrics']) {
      const res = await fetch(shop.url(path));
      expect(await res.text()).not.toContain('http_server_request_duration_seconds');
    }
  });

  it('exposes every metric the alert rules and the dashboard in deploy/ use', () => {
    const files = (folder: string): string[] =>
      readdirSync(folder).flatMap((entry) => {
        const path = join(folder, entry);
        return statSync(path).isDirectory() ? files(path) : [path];
      });
    const used = new Set<string>();
    for (const file of files(join(repo, 'deploy')).filter((path) => /(alert|rule|dashboard|grafana)/i.test(path) && /\.(ya?ml|json)$/.test(path))) {
      for (const [name] of readFileSync(file, 'utf8').matchAll(/\b(?:shop|http_server|nodejs|process)_[a-z0-9_]+/g)) used.add(name.replace(/_(bucket|count|sum|total)$/, (suffix) => (suffix === '_total' ? suffix : '')));
    }
    expect(used.size).toBeGreaterThan(0);
    const exposed = new Set([...exposition.values()].flatMap((text) => [...text.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1])));
    // A counter's samples carry _total, its TYPE line too (prom-client), a histogram's name is bare.
    expect([...used].filter((name) => !exposed.has(name) && !exposed.has(name.replace(/_total$/, ''))).sort()).toEqual([]);
  });
});
