import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startOrders, type TestOrders } from './support/orders-app.js';

const DAY = 86_400_000;
const P1 = '00000000-0000-4000-8000-000000000001';
const P2 = '00000000-0000-4000-8000-000000000002';
const CANCELLED_PRODUCT = '00000000-0000-4000-8000-0000000000c0';
const OLD_PRODUCT = '00000000-0000-4000-8000-0000000000d0';
const REFUNDED_PRODUCT = '00000000-0000-4000-8000-0000000000e0';
/** Eleven products sold once each in one order, 1.01 to 1.11 dollars: only the dearest eight fit in the top ten. */
const MANY = Array.from({ length: 11 }, (_, k) => ({ productId: `00000000-0000-4000-8000-1000000000${String(k + 10)}`, priceCents: 101 + k }));

interface Line {
  productId: string;
  name?: string;
  priceCents: number;
  quantity: number;
}

interface Written {
  status: 'pending' | 'confirmed' | 'cancelled' | 'refunded';
  createdAt: Date;
  paidAt?: Date;
  delivered?: boolean;
  /** Shipping and tax on top of the lines, in cents. */
  extraCents?: number;
  lines: Line[];
}

describe('GET /api/orders/dashboard: the admin dashboard figures', () => {
  let orders: TestOrders;
  /** The start of today (UTC) when the orders were written. */
  let today: number;
  const dateOf = (time: number) => new Date(time).toISOString().slice(0, 10);

  /** Writes an order and its lines straight into the tables, as they stand after the saga and payment. */
  async function write(order: Written): Promise<void> {
    const id = randomUUID();
    const items = order.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const extra = order.extraCents ?? 0;
    await orders.dataSource.query(
      `INSERT INTO customer_order (id, user_id, user_name, user_email, shipping_address, shipping_city, shipping_postal_code, shipping_country,
         payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, state, payable_until, paid_at, delivered_at,
         cancelled_at, refunded_at, created_at, updated_at)
       VALUES ($1, gen_random_uuid(), 'Dana Dash', 'dana@example.com', '1 Main Street', 'Springfield', '12345', 'USA', 'PayPal',
         $2::bigint, $3::bigint, 0, $2::bigint + $3::bigint,
         CASE WHEN $4::varchar = 'pending' THEN 'awaiting-stock' WHEN $4::varchar IN ('cancelled', 'refunded') THEN $4::varchar
           WHEN $6::timestamptz IS NULL THEN 'awaiting-payment' WHEN $7::boolean THEN 'delivered' ELSE 'paid' END,
         $5::timestamptz, $6::timestamptz,
         CASE WHEN $7::boolean THEN $6::timestamptz + interval '1 hour' END,
         CASE WHEN $4::varchar = 'cancelled' THEN $8::timestamptz END, CASE WHEN $4::varchar = 'refunded' THEN $6::timestamptz + interval '2 hours' END,
         $8::timestamptz, $8::timestamptz)`,
      [id, items, extra, order.status, order.status === 'confirmed' ? new Date(Date.now() + 30 * DAY) : null, order.paidAt ?? null, order.delivered ?? false, order.createdAt],
    );
    for (const [position, line] of order.lines.entries()) {
      await orders.dataSource.query(
        `INSERT INTO order_item (id, order_id, position, product_id, name, image, price_cents, quantity) VALUES (gen_random_uuid(), $1, $2, $3, $4, '/uploads/x.png', $5, $6)`,
        [id, position, line.productId, line.name ?? `Product ${line.productId.slice(-4)}`, line.priceCents, line.quantity],
      );
    }
  }

  beforeAll(async () => {
    orders = await startOrders();
    const now = new Date();
    today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const firstDay = today - 29 * DAY;
    // Paid at the very start of today (UTC): today's sale; two products, 3 x 20.00 and 1 x 40.00.
    await write({ status: 'confirmed', createdAt: new Date(today - 10 * 60_000), paidAt: new Date(today), extraCents: 0, lines: [
      { productId: P1, name: 'Old lamp name', priceCents: 20_00, quantity: 3 },
      { productId: P2, name: 'Desk', priceCents: 40_00, quantity: 1 },
    ] });
    // Paid in the last millisecond of yesterday (UTC), and delivered since: yesterday's sale of 50.25.
    await write({ status: 'confirmed', createdAt: new Date(today - DAY), paidAt: new Date(today - 1), delivered: true, extraCents: 10_25, lines: [
      { productId: P2, name: 'Desk', priceCents: 20_00, quantity: 2 },
    ] });
    // Placed and paid at the first moment of the window.
    await write({ status: 'confirmed', createdAt: new Date(firstDay), paidAt: new Date(firstDay), extraCents: 5_00, lines: [
      { productId: P1, name: 'Lamp', priceCents: 20_00, quantity: 1 },
    ] });
    // Paid a millisecond before the window: in no figure, whatever it sold.
    await write({ status: 'confirmed', createdAt: new Date(firstDay - DAY), paidAt: new Date(firstDay - 1), lines: [
      { productId: OLD_PRODUCT, priceCents: 1_00, quantity: 100 },
    ] });
    // Cancelled (stock refused), awaiting stock, awaiting payment: orders of the window, never sales.
    await write({ status: 'cancelled', createdAt: new Date(today), lines: [{ productId: CANCELLED_PRODUCT, priceCents: 1_00, quantity: 50 }] });
    await write({ status: 'pending', createdAt: new Date(today), lines: [{ productId: CANCELLED_PRODUCT, priceCents: 1_00, quantity: 40 }] });
    await write({ status: 'confirmed', createdAt: new Date(today), lines: [{ productId: CANCELLED_PRODUCT, priceCents: 1_00, quantity: 30 }] });
    // Paid today and refunded since: an order of the window's states, not a sale, its product no best seller.
    await write({ status: 'refunded', createdAt: new Date(today), paidAt: new Date(today + 30_000), lines: [{ productId: REFUNDED_PRODUCT, priceCents: 1_00, quantity: 60 }] });
    // Placed 40 days ago, paid today: today's sale, but not an order of the window's states.
    await write({ status: 'confirmed', createdAt: new Date(today - 40 * DAY), paidAt: new Date(today + 60_000), lines: [
      { productId: P1, name: 'Lamp', priceCents: 20_00, quantity: 1 },
    ] });
    // Eleven products once each, paid today.
    await write({ status: 'confirmed', createdAt: new Date(today + 60_000), paidAt: new Date(today + 120_000), lines: MANY.map((line) => ({ ...line, quantity: 1 })) });
  });

  afterAll(async () => {
    await orders?.close();
  });

  const read = async () => (await request(orders.http).get('/api/orders/dashboard').set(orders.admin.headers).expect(200)).body;

  it('answers the 30 UTC days up to today, oldest first, with the days without sales at 0', async () => {
    const { days } = await read();
    expect(days).toHaveLength(30);
    expect(days.map((day: { date: string }) => day.date)).toEqual(Array.from({ length: 30 }, (_, k) => dateOf(today - (29 - k) * DAY)));
    const withSales = days.filter((day: { orders: number }) => day.orders > 0);
    expect(withSales.map((day: { date: string }) => day.date)).toEqual([dateOf(today - 29 * DAY), dateOf(today - DAY), dateOf(today)]);
    for (const day of days.filter((d: { orders: number }) => d.orders === 0)) expect(day.sales).toBe(0);
  });

  it('counts a sale on the UTC day it was paid, at the order total, and nothing cancelled, refunded, unpaid or before the window', async () => {
    const { days } = await read();
    const manyCents = MANY.reduce((sum, line) => sum + line.priceCents, 0);
    expect(days[0]).toEqual({ date: dateOf(today - 29 * DAY), orders: 1, sales: 25 });
    expect(days[28]).toEqual({ date: dateOf(today - DAY), orders: 1, sales: 50.25 });
    expect(days[29]).toEqual({ date: dateOf(today), orders: 3, sales: (100_00 + 20_00 + manyCents) / 100 });
  });

  it('counts the orders placed in the window by state, every state listed', async () => {
    const { byState } = await read();
    expect(byState).toEqual([
      { state: 'awaiting-stock', count: 1 },
      { state: 'awaiting-payment', count: 1 },
      { state: 'paid', count: 3 },
      { state: 'delivered', count: 1 },
      { state: 'cancelled', count: 1 },
      { state: 'refunded', count: 1 },
    ]);
  });

  it('lists ten best sellers of the paid orders by units, then by sales, under their latest name', async () => {
    const { topProducts } = await read();
    expect(topProducts).toHaveLength(10);
    expect(topProducts.slice(0, 2)).toEqual([
      { productId: P1, name: 'Lamp', quantity: 5, sales: 100 },
      { productId: P2, name: 'Desk', quantity: 3, sales: 80 },
    ]);
    const dearestEight = [...MANY].reverse().slice(0, 8);
    expect(topProducts.slice(2)).toEqual(dearestEight.map((line) => ({ productId: line.productId, name: `Product ${line.productId.slice(-4)}`, quantity: 1, sales: line.priceCents / 100 })));
    const listed = topProducts.map((product: { productId: string }) => product.productId);
    expect(listed).not.toContain(CANCELLED_PRODUCT);
    expect(listed).not.toContain(OLD_PRODUCT);
    expect(listed).not.toContain(REFUNDED_PRODUCT);
  });

  it('says when the figures were read', async () => {
    const before = Date.now();
    const { generatedAt } = await read();
    expect(Date.parse(generatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(generatedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('is never stored by a cache', async () => {
    const res = await request(orders.http).get('/api/orders/dashboard').set(orders.admin.headers).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    expect((await request(orders.http).get('/api/orders/dashboard').expect(401)).body).toEqual({ message: 'Not authorized, no token' });
    const customer = await orders.customer();
    expect((await request(orders.http).get('/api/orders/dashboard').set(customer.headers).expect(403)).body).toEqual({ message: 'Not authorized as an admin' });
  });

  it('refuses any query parameter with 400', async () => {
    const res = await request(orders.http).get('/api/orders/dashboard?days=7').set(orders.admin.headers).expect(400);
    expect(res.body).toEqual({ message: 'property days should not exist' });
  });

  it('is not taken for an order id, and order ids still answer as before', async () => {
    expect((await read()).days).toHaveLength(30);
    expect((await request(orders.http).get(`/api/orders/${randomUUID()}`).set(orders.admin.headers).expect(404)).body).toEqual({ message: 'Order not found' });
    expect((await request(orders.http).get('/api/orders/dashboards').set(orders.admin.headers).expect(404)).body).toEqual({ message: 'Order not found' });
  });

  it('documents the answer in the OpenAPI document', async () => {
    const { body } = await request(orders.http).get('/openapi.json').expect(200);
    const schema = body.paths['/api/orders/dashboard'].get.responses['200'].content['application/json'].schema.$ref.split('/').at(-1);
    expect(Object.keys(body.components.schemas[schema].properties).sort()).toEqual(['byState', 'days', 'generatedAt', 'topProducts']);
  });
});
