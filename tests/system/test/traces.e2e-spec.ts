/**
 * One order is one trace (docs/operations.md, "Traces"): the shop's processes export OTLP/HTTP JSON to
 * a receiver in this test's process, and the spans of one order's placement — from the browser's
 * request at the gateway to the orders service, its outbox relay, catalog's consumer reserving the
 * stock and orders' consumer confirming it — share the trace id the browser's request started.
 */
import { randomBytes } from 'node:crypto';
import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@shop/testing';
import { callApi } from '../src/api.js';
import { ShopHarness } from '../src/shop-harness.js';

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const SERVER = 2;
const PRODUCER = 4;
const CONSUMER = 5;

describe('traces', () => {
  let receiver: OtlpReceiver;
  let shop: ShopHarness;
  let adminToken: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    shop = await ShopHarness.start({
      SEED_DEMO_CATALOG: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    adminToken = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
  });

  afterAll(async () => {
    await shop?.dispose();
    await receiver?.close();
  });

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(shop.url(path), method, body, token);

  it('follows one order from the browser through the gateway, orders, the relay, catalog and back as one trace', async () => {
    const sample = await call<ProductDto>('POST', '/api/products', undefined, adminToken);
    const edit = { name: 'Traced product', price: 20, image: '/uploads/sample.svg', brand: 'Test', category: 'Test', countInStock: 5, description: 'Traced.' };
    const product = (await call<ProductDto>('PUT', `/api/products/${sample.body._id}`, edit, adminToken)).body;
    const email = `traced-${Date.now()}@example.com`;
    const token = (await call<UserInfoDto>('POST', '/api/users', { name: 'Traced', email, password: 'traced-secret' })).body.token;
    const body = { orderItems: [{ product: product._id, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };

    // The browser's request starts the trace (W3C traceparent, sampled), once orders knows the product.
    const traceId = randomBytes(16).toString('hex');
    const order = await eventually(async () => {
      const res = await fetch(shop.url('/api/orders'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
        body: JSON.stringify(body),
      });
      if (res.status === 201) return (await res.json()) as OrderDto;
      expect(res.status).toBe(400); // product not known to orders yet
      return undefined;
    }, 20_000, 'orders to learn of the product');
    await eventually(async () => ((await call<OrderDto>('GET', `/api/orders/${order._id}`, undefined, token)).body.status === 'confirmed' ? true : undefined), 30_000, 'the order to be confirmed');

    const trace = () => receiver.spans.filter((span) => span.traceId === traceId);
    const has = (service: string, kind: number, name: RegExp) => (span: ReceivedSpan) => span.service === service && span.kind === kind && name.test(span.name);
    const steps = [
      has('gateway', SERVER, /^POST/),
      has('orders', SERVER, /^POST/),
      has('orders', PRODUCER, /^publish order\.placed$/),
      has('catalog', CONSUMER, /^process order\.placed$/),
      has('catalog', PRODUCER, /^publish stock\.reserved$/),
      has('orders', CONSUMER, /^process stock\.reserved$/),
      has('orders', PRODUCER, /^publish order\.confirmed$/),
    ];
    const seen = () => [...new Set(trace().map((span) => `${span.service} ${span.kind} ${span.name}`))].join('; ');
    await eventually(async () => (steps.every((step) => trace().some(step)) ? true : undefined), 20_000, 'every step of the order in its trace').catch(
      (error: unknown) => {
        throw new Error(`${String(error)}; its trace has: ${seen()}; ${receiver.spans.length} spans received in all: ${[...new Set(receiver.spans.map((span) => `${span.service} ${span.kind} ${span.name}`))].join("; ")}`);
      },
    );

    const spans = trace();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    // One tree: every span's parent is in the trace, but the browser's (the root the test made up).
    const orphans = spans.filter((span) => span.parentSpanId && !byId.has(span.parentSpanId));
    expect(orphans.map((span) => `${span.service}: ${span.name}`)).toEqual([expect.stringMatching(/^gateway: POST/)]);
    // Each step descends from the one before it.
    const ancestorsOf = (span: ReceivedSpan) => {
      const seen: ReceivedSpan[] = [];
      for (let at = byId.get(span.parentSpanId ?? ''); at; at = byId.get(at.parentSpanId ?? '')) seen.push(at);
      return seen;
    };
    const found = steps.map((step) => spans.find(step) as ReceivedSpan);
    for (let n = 1; n < found.length; n++) {
      expect(ancestorsOf(found[n]).map((span) => span.spanId)).toContain(found[n - 1].spanId);
    }
    // The statements of the request and of the consumers are in it too.
    expect(spans.some((span) => span.service === 'orders' && span.attributes['db.system.name'] === 'postgresql' || span.attributes['db.system'] === 'postgresql')).toBe(true);
    expect(spans.some((span) => span.service === 'catalog' && /^(SELECT|UPDATE|INSERT|pg)/.test(span.name))).toBe(true);
    process.stdout.write(`traces: ${spans.length} spans in the order's trace from ${new Set(spans.map((span) => span.service)).size} processes: ${[...new Set(spans.map((span) => `${span.service}: ${span.name}`))].slice(0, 40).join('; ')}\n`);
  });

  it('sends no span of /health, /ready or of polling with no request behind it', () => {
    expect(receiver.spans.filter((span) => /\/(health|ready)/.test(String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '')))).toEqual([]);
    // Every statement belongs to a trace that began with a request or an event, never on its own.
    // (Nest's own span of each process's start is one per start, and allowed.)
    const alone = receiver.spans.filter((span) => !span.parentSpanId && ![SERVER, CONSUMER, PRODUCER].includes(span.kind) && span.name !== 'Create Nest App');
    expect(alone.map((span) => `${span.service}: ${span.name}`)).toEqual([]);
  });
});
