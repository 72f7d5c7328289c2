/**
 * The shop answers as its published OpenAPI document says: the whole API suite below is driven through
 * Prism's validating proxy (`prism proxy <the gateway's merged document> <the gateway> --errors`), which
 * checks every request and every response against the document and reports each mismatch (an
 * `sl-violations` header on the answer; with --errors a response that breaks the document becomes
 * Prism's own application/problem+json error). Every operation of the document is called at least once,
 * with successes and refusals (4xx), and the suite fails on any violation.
 *
 * The calls are made by a client generated from that document, as a client author would make one:
 * openapi-fetch's `createClient` typed by `ShopApiPaths` (libs/api-types, generated at build from the
 * gateway's merged document), and an error's `message` is read from the typed error body, without a cast.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import createClient, { type Client } from 'openapi-fetch';
import type { ShopApiPaths } from '@shop/api-types';
import { eventually, freePort } from '@shop/testing';
import { ShopHarness } from '../src/shop-harness.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** A 1×1 PNG: the smallest image the catalog takes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

interface Violation {
  operation: string;
  status: number;
  found: string;
}

describe('the API against its OpenAPI document, through Prism', () => {
  let shop: ShopHarness;
  let prism: ChildProcess;
  let prismOutput = '';
  let scratch: string;
  let api: Client<ShopApiPaths>;
  /** The same client, to the gateway itself: only for the one call Prism cannot pass on (see the upload). */
  let direct: Client<ShopApiPaths>;
  let operations: string[];
  const called = new Map<string, number>();
  const violations: Violation[] = [];
  let calls = 0;

  beforeAll(async () => {
    shop = await ShopHarness.start({ SEED_DEMO_CATALOG: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    // The document a client author downloads: the gateway's own answer.
    const document = (await (await fetch(shop.url('/api/docs/openapi.json'))).json()) as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    scratch = mkdtempSync(join(tmpdir(), 'shop-openapi-'));
    const file = join(scratch, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));

    const port = await freePort();
    prism = spawn(process.execPath, [join(repoRoot, 'node_modules/.bin/prism'), 'proxy', file, shop.url(''), '--errors', '--host', '127.0.0.1', '--port', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prism.stdout?.on('data', (chunk: Buffer) => (prismOutput += chunk.toString()));
    prism.stderr?.on('data', (chunk: Buffer) => (prismOutput += chunk.toString()));
    const prismUrl = `http://127.0.0.1:${port}`;
    await eventually(async () => {
      if (prism.exitCode !== null) throw new Error(`prism exited:\n${prismOutput}`);
      return (await fetch(`${prismUrl}/api/config/paypal`).catch(() => undefined))?.ok || undefined;
    }, 60_000, 'Prism to listen');

    api = createClient<ShopApiPaths>({ baseUrl: prismUrl });
    direct = createClient<ShopApiPaths>({ baseUrl: shop.url('') });
    api.use({
      onResponse({ request, response, schemaPath }) {
        const operation = `${request.method} ${schemaPath}`;
        calls += 1;
        called.set(operation, (called.get(operation) ?? 0) + 1);
        const found = response.headers.get('sl-violations');
        if (found) violations.push({ operation, status: response.status, found });
        else if (response.headers.get('content-type')?.startsWith('application/problem+json')) {
          violations.push({ operation, status: response.status, found: 'answered by Prism itself (application/problem+json)' });
        }
        return undefined;
      },
    });
  }, 180_000);

  afterAll(async () => {
    if (prism && prism.exitCode === null) {
      await new Promise((resolve) => {
        prism.once('exit', resolve);
        prism.kill('SIGTERM');
      });
    }
    await shop?.dispose();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

  async function signUp(name: string): Promise<{ token: string; _id: string; email: string }> {
    const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const { data, error, response } = await api.POST('/api/users', { body: { name, email, password: 'a-long-enough-secret' } });
    expect({ status: response.status, message: error?.message }).toEqual({ status: 201, message: undefined });
    return { token: data!.token, _id: data!._id, email };
  }

  it('answers every operation as documented, successes and refusals alike', async () => {
    // The gateway's own calls.
    expect((await api.GET('/api/health')).response.status).toBe(200);
    expect((await api.GET('/api/docs', { parseAs: 'text' })).response.status).toBe(200);
    expect((await api.GET('/api/docs/openapi.json')).response.status).toBe(200);
    expect((await api.GET('/api/docs/swagger-initializer.js', { parseAs: 'text' })).response.status).toBe(200);
    expect((await api.GET('/api/docs/{asset}', { params: { path: { asset: 'swagger-ui.css' } }, parseAs: 'text' })).response.status).toBe(200);
    const noAsset = await api.GET('/api/docs/{asset}', { params: { path: { asset: 'nothing.css' } } });
    expect({ status: noAsset.response.status, message: noAsset.error?.message }).toEqual({ status: 404, message: 'Not found' });

    // Accounts.
    const admin = await api.POST('/api/users/login', { body: ADMIN });
    expect(admin.response.status).toBe(200);
    const adminToken = admin.data!.token;
    const wrong = await api.POST('/api/users/login', { body: { email: ADMIN.email, password: 'not-the-password' } });
    expect({ status: wrong.response.status, message: typeof wrong.error?.message }).toEqual({ status: 401, message: 'string' });
    const customer = await signUp('conformance');
    const taken = await api.POST('/api/users', { body: { name: 'Again', email: customer.email, password: 'a-long-enough-secret' } });
    expect(taken.response.status).toBe(400);
    expect(taken.error?.message).toBeTruthy();
    expect((await api.GET('/api/users/profile', bearer(customer.token))).response.status).toBe(200);
    // An empty password keeps the current one, as the document now says (it declared minLength 8).
    const kept = await api.PUT('/api/users/profile', { body: { name: 'Conformance Customer', email: customer.email, password: '' }, ...bearer(customer.token) });
    expect({ status: kept.response.status, message: kept.error?.message }).toEqual({ status: 200, message: undefined });
    const customerToken = kept.data!.token;
    const badCurrent = await api.PUT('/api/users/profile', {
      body: { name: 'Conformance Customer', email: customer.email, password: 'another-long-secret', currentPassword: 'not-the-password' },
      ...bearer(customerToken),
    });
    expect(badCurrent.response.status).toBeGreaterThanOrEqual(400);
    expect(badCurrent.response.status).toBeLessThan(500);
    expect((await api.GET('/api/users', bearer(adminToken))).response.status).toBe(200);
    expect((await api.GET('/api/users', bearer(customerToken))).response.status).toBe(403);
    expect((await api.GET('/api/users/export', { ...bearer(adminToken), parseAs: 'text' })).response.status).toBe(200);
    expect((await api.GET('/api/users/export', bearer(customerToken))).response.status).toBe(403);
    expect((await api.GET('/api/users/{id}', { params: { path: { id: customer._id } }, ...bearer(adminToken) })).response.status).toBe(200);
    expect((await api.GET('/api/users/{id}', { params: { path: { id: UNKNOWN_ID } }, ...bearer(adminToken) })).response.status).toBe(404);
    const leaving = await signUp('leaving');
    const renamed = await api.PUT('/api/users/{id}', { params: { path: { id: leaving._id } }, body: { name: 'Leaving Soon', email: leaving.email, isAdmin: false }, ...bearer(adminToken) });
    expect(renamed.response.status).toBe(200);
    expect((await api.PUT('/api/users/{id}', { params: { path: { id: UNKNOWN_ID } }, body: { name: 'Nobody', email: 'nobody@example.com', isAdmin: false }, ...bearer(adminToken) })).response.status).toBe(404);
    expect((await api.DELETE('/api/users/{id}', { params: { path: { id: leaving._id } }, ...bearer(adminToken) })).response.status).toBe(200);
    expect((await api.DELETE('/api/users/{id}', { params: { path: { id: leaving._id } }, ...bearer(adminToken) })).response.status).toBe(404);
    expect((await api.POST('/api/users/password-reset', { body: { email: customer.email } })).response.status).toBe(202);
    const badReset = await api.POST('/api/users/password-reset/confirm', { body: { token: 'not-a-reset-token', password: 'a-new-long-secret' } });
    expect(badReset.response.status).toBe(400);
    expect(badReset.error?.message).toBeTruthy();

    // The catalog.
    const created = await api.POST('/api/products', bearer(adminToken));
    expect(created.response.status).toBe(201);
    const productId = created.data!._id;
    expect((await api.POST('/api/products', bearer(customerToken))).response.status).toBe(403);
    const uploadForm = new FormData();
    uploadForm.set('image', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
    // Straight to the gateway: Prism's proxy reads a body that is not JSON as UTF-8 text and forwards that, which
    // mangles any binary file (the catalog then rightly refuses it). Its refusal below goes through Prism.
    const uploaded = await direct.POST('/api/upload', { body: { image: 'pixel.png' }, bodySerializer: () => uploadForm, parseAs: 'text', ...bearer(adminToken) });
    expect({ status: uploaded.response.status, message: uploaded.error?.message }).toEqual({ status: 201, message: undefined });
    const image = String(uploaded.data);
    expect((await api.POST('/api/upload', { body: { image: 'pixel.png' }, bodySerializer: () => uploadForm, ...bearer(customerToken) })).response.status).toBe(403);
    const edit = { name: 'Conformance Lamp', price: 25.5, image, brand: 'Test', category: 'Lamps', countInStock: 3, description: 'A lamp for the contract.' };
    expect((await api.PUT('/api/products/{id}', { params: { path: { id: productId } }, body: edit, ...bearer(adminToken) })).response.status).toBe(200);
    expect((await api.PUT('/api/products/{id}', { params: { path: { id: UNKNOWN_ID } }, body: edit, ...bearer(adminToken) })).response.status).toBe(404);
    expect((await api.GET('/uploads/{file}', { params: { path: { file: image.replace('/uploads/', '') } }, parseAs: 'blob' })).response.status).toBe(200);
    expect((await api.GET('/uploads/{file}', { params: { path: { file: `${UNKNOWN_ID}.png` } } })).response.status).toBe(404);
    expect((await api.GET('/api/products')).response.status).toBe(200);
    expect((await api.GET('/api/products', { params: { query: { keyword: 'lamp', sort: 'price-asc' } } })).response.status).toBe(200);
    expect((await api.GET('/api/products/facets', { params: { query: { keyword: 'lamp' } } })).response.status).toBe(200);
    expect((await api.GET('/api/products/suggestions', { params: { query: { q: 'lam' } } })).response.status).toBe(200);
    expect((await api.GET('/api/products/sitemap')).response.status).toBe(200);
    expect((await api.GET('/api/products/top')).response.status).toBe(200);
    expect((await api.GET('/api/products/{id}', { params: { path: { id: productId } } })).response.status).toBe(200);
    const missing = await api.GET('/api/products/{id}', { params: { path: { id: UNKNOWN_ID } } });
    expect({ status: missing.response.status, message: missing.error?.message }).toEqual({ status: 404, message: 'Product not found' });
    expect((await api.GET('/api/products/low-stock', bearer(adminToken))).response.status).toBe(200);
    expect((await api.GET('/api/products/low-stock', bearer(customerToken))).response.status).toBe(403);
    const review = { rating: 5, comment: 'Lights up the contract.' };
    expect((await api.PUT('/api/products/{id}/reviews', { params: { path: { id: productId } }, body: review, ...bearer(customerToken) })).response.status).toBe(201);
    const again = await api.PUT('/api/products/{id}/reviews', { params: { path: { id: productId } }, body: review, ...bearer(customerToken) });
    expect({ status: again.response.status, message: again.error?.message }).toEqual({ status: 400, message: 'Product already reviewed' });

    // Orders and payments.
    expect((await api.GET('/api/config/paypal')).response.status).toBe(200);
    const place = async () => {
      const body = { orderItems: [{ product: productId, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' as const };
      const placed = await eventually(async () => {
        const res = await api.POST('/api/orders', { body, ...bearer(customerToken) });
        return res.response.status === 201 ? res.data : undefined; // 400 until orders knows the product
      }, 20_000, 'orders to learn of the product');
      return eventually(async () => {
        const res = await api.GET('/api/orders/{id}', { params: { path: { id: placed!._id } }, ...bearer(customerToken) });
        return res.data?.status === 'confirmed' ? res.data : undefined;
      }, 30_000, 'the order to be confirmed');
    };
    const paidOrder = await place();
    const unpaidOrder = await place();
    const order = (id: string) => ({ params: { path: { id } } });
    expect((await api.GET('/api/orders/{id}', { ...order(UNKNOWN_ID), ...bearer(customerToken) })).response.status).toBe(404);
    expect((await api.GET('/api/orders/mine', bearer(customerToken))).response.status).toBe(200);
    expect((await api.GET('/api/orders', bearer(adminToken))).response.status).toBe(200);
    expect((await api.GET('/api/orders', bearer(customerToken))).response.status).toBe(403);
    expect((await api.GET('/api/orders/export', { ...bearer(adminToken), parseAs: 'text' })).response.status).toBe(200);
    expect((await api.GET('/api/orders/dashboard', bearer(adminToken))).response.status).toBe(200);
    expect((await api.GET('/api/orders/dashboard', bearer(customerToken))).response.status).toBe(403);
    expect((await api.GET('/api/orders/{id}/history', { ...order(paidOrder._id), ...bearer(customerToken) })).response.status).toBe(200);
    expect((await api.GET('/api/orders/{id}/history', { ...order(UNKNOWN_ID), ...bearer(customerToken) })).response.status).toBe(404);
    const opened = await api.POST('/api/orders/{id}/paypal', { ...order(paidOrder._id), ...bearer(customerToken) });
    expect(opened.response.status).toBe(201);
    shop.paypal.approve(opened.data!.id);
    expect((await api.PUT('/api/orders/{id}/pay_status', { ...order(paidOrder._id), body: { id: opened.data!.id }, ...bearer(customerToken) })).response.status).toBe(200);
    const paidAgain = await api.POST('/api/orders/{id}/paypal', { ...order(paidOrder._id), ...bearer(customerToken) });
    expect({ status: paidAgain.response.status, message: paidAgain.error?.message }).toEqual({ status: 409, message: 'Order is already paid' });
    expect((await api.PUT('/api/orders/{id}/pay_status', { ...order(UNKNOWN_ID), body: { id: opened.data!.id }, ...bearer(customerToken) })).response.status).toBe(404);
    expect((await api.PUT('/api/orders/{id}/delivery_status', { ...order(unpaidOrder._id), ...bearer(adminToken) })).response.status).toBe(400);
    expect((await api.PUT('/api/orders/{id}/delivery_status', { ...order(paidOrder._id), ...bearer(adminToken) })).response.status).toBe(200);
    expect((await api.PUT('/api/orders/{id}/cancel', { ...order(paidOrder._id), ...bearer(adminToken) })).response.status).toBe(400);
    expect((await api.PUT('/api/orders/{id}/cancel', { ...order(unpaidOrder._id), ...bearer(adminToken) })).response.status).toBe(200);
    expect((await api.PUT('/api/orders/{id}/refund', { ...order(unpaidOrder._id), ...bearer(adminToken) })).response.status).toBe(400);
    expect((await api.PUT('/api/orders/{id}/refund', { ...order(paidOrder._id), body: {}, ...bearer(adminToken) })).response.status).toBe(200);

    // The storefront server's calls.
    const report = { session: 'conformance-session', reports: [{ remote: 'catalog', build: '0123456789', kind: 'view' as const }] };
    expect((await api.POST('/api/page-reports', { body: report })).response.status).toBe(204);
    const releases = await api.GET('/api/releases', bearer(adminToken));
    expect({ status: releases.response.status, error: releases.error }).toEqual({ status: 200, error: undefined });
    expect((await api.GET('/api/releases', bearer(customerToken))).response.status).toBe(403);
    // No remote has a canary in this shop: promoting or rolling back one is refused as documented.
    for (const action of ['promote', 'rollback'] as const) {
      const refused = await api.POST(`/api/releases/{remote}/${action}`, { params: { path: { remote: 'catalog' } }, ...bearer(adminToken) });
      expect(refused.response.status).toBeGreaterThanOrEqual(400);
      expect(refused.response.status).toBeLessThan(500);
      expect(refused.error?.message).toBeTruthy();
      expect((await api.POST(`/api/releases/{remote}/${action}`, { params: { path: { remote: 'catalog' } }, ...bearer(customerToken) })).response.status).toBe(403);
    }

    // Last: the admin deletes the product, the customer signs out.
    expect((await api.DELETE('/api/products/delete/{id}', { params: { path: { id: productId } }, ...bearer(adminToken) })).response.status).toBe(200);
    expect((await api.DELETE('/api/products/delete/{id}', { params: { path: { id: productId } }, ...bearer(adminToken) })).response.status).toBe(404);
    expect((await api.POST('/api/users/logout', bearer(customerToken))).response.status).toBe(204);
    const ended = await api.GET('/api/users/profile', bearer(customerToken));
    expect({ status: ended.response.status, message: ended.error?.message }).toEqual({ status: 401, message: 'Not authorized, session ended' });

    const uncalled = operations.filter((operation) => !called.has(operation));
    process.stdout.write(`openapi conformance: ${calls} calls over ${called.size} operations, ${violations.length} violations\n`);
    expect(uncalled).toEqual([]);
    expect(violations).toEqual([]);
  }, 300_000);
});
