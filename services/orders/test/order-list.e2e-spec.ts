import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import request from 'supertest';
import { ORDERS_PAGE_SIZE, type OrderDto, type OrderListDto } from '@shop/contracts';
import { placeOrder, readOrder, startOrders, type TestOrders } from './support/orders-app.js';

/** Orders written straight into the table: two full pages and part of a third (with the one placed through the API). */
const WRITTEN = 2 * ORDERS_PAGE_SIZE + 4;
/** Customers the written orders belong to; the first NAMED have a copy from the users service, the rest none yet. */
const CUSTOMERS = 25;
const NAMED = 18;

const ORDER_KEYS = [
  '_id',
  'user',
  'orderItems',
  'shippingAddress',
  'paymentGateway',
  'itemsPrice',
  'taxPrice',
  'shippingPrice',
  'totalPrice',
  'status',
  'isPaid',
  'isDelivered',
  'createdAt',
];

describe('GET /api/orders: the admin orders table, page by page', () => {
  let orders: TestOrders;
  /** Every order's id as the table must list them: newest first, then by id (descending). */
  let expectedIds: string[];
  let customerIds: string[];
  let placed: OrderDto;

  beforeAll(async () => {
    orders = await startOrders();
    const buyer = await orders.customer('Paula Placed');
    const product = await orders.product({ name: 'Listed lamp', priceCents: 30_00 });
    placed = await placeOrder(orders, buyer, [{ product: product.id, quantity: 2 }]);

    customerIds = Array.from({ length: CUSTOMERS }, () => randomUUID());
    await orders.dataSource.query(
      `INSERT INTO customer (id, name, email, deleted, changed_at)
       SELECT id, 'Copy name ' || k, 'copy-' || k || '@example.com', false, now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, k)`,
      [customerIds.slice(0, NAMED)],
    );
    // Orders n = 1..WRITTEN, one customer after another; four share one creation time (id order then),
    // every third is paid, every sixth delivered; one line each, a second line for the even ones.
    await orders.dataSource.query(
      `INSERT INTO customer_order (id, user_id, user_name, user_email, shipping_address, shipping_city, shipping_postal_code,
         shipping_country, payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, status, is_paid, paid_at,
         is_delivered, delivered_at, created_at, updated_at)
       SELECT gen_random_uuid(), ($2::uuid[])[1 + (n - 1) % $3::int], 'Token name ' || ((n - 1) % $3::int + 1), 'token@example.com',
         n || ' Main Street', 'Springfield', '12345', 'USA', 'PayPal', 2000, 5000, 200, 7200,
         CASE WHEN n % 3 = 0 THEN 'confirmed' ELSE 'pending' END, n % 3 = 0, CASE WHEN n % 3 = 0 THEN timestamptz '2030-02-01' END,
         n % 6 = 0, CASE WHEN n % 6 = 0 THEN timestamptz '2030-02-02' END,
         timestamptz '2030-01-01' + make_interval(mins => CASE WHEN n <= 4 THEN 0 ELSE n END), now()
       FROM generate_series(1, $1::int) AS n`,
      [WRITTEN, customerIds, CUSTOMERS],
    );
    await orders.dataSource.query(
      `INSERT INTO order_item (id, order_id, position, product_id, name, image, price_cents, quantity)
       SELECT gen_random_uuid(), o.id, line, gen_random_uuid(), 'Line ' || line, '/uploads/line.png', 1000, 1
       FROM customer_order o CROSS JOIN generate_series(0, 1) AS line
       WHERE o.user_email = 'token@example.com' AND (line = 0 OR o.shipping_address ~ '^[0-9]*[02468] ')`,
    );
    const rows = await orders.dataSource.query<{ id: string; created_at: Date }[]>('SELECT id, created_at FROM customer_order');
    expectedIds = rows
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((row) => row.id);
  });

  afterAll(async () => {
    await orders?.close();
  });

  const get = (path: string) => request(orders.http).get(path).set(orders.admin.headers);
  const pageOf = async (pageNumber: number): Promise<OrderListDto> => (await get(`/api/orders?pageNumber=${pageNumber}`).expect(200)).body;
  const pages = Math.ceil((WRITTEN + 1) / ORDERS_PAGE_SIZE);

  it(`answers ${ORDERS_PAGE_SIZE} orders a page, newest first, with page and pages`, async () => {
    const first = await pageOf(1);
    expect({ page: first.page, pages: first.pages }).toEqual({ page: 1, pages });
    expect(first.orders.map((order) => order._id)).toEqual(expectedIds.slice(0, ORDERS_PAGE_SIZE));
  });

  it('lists every order exactly once across the pages, orders of the same moment in id order', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) seen.push(...(await pageOf(page)).orders.map((order) => order._id));
    expect(seen).toEqual(expectedIds);
    expect(new Set(seen).size).toBe(WRITTEN + 1);
  });

  it('answers each order of a page as GET /api/orders/{id} answers it: every field, its lines and its customer', async () => {
    const all: OrderDto[] = [];
    for (let page = 1; page <= pages; page++) all.push(...(await pageOf(page)).orders);
    for (const order of all) expect(Object.keys(order).filter((key) => ORDER_KEYS.includes(key))).toHaveLength(ORDER_KEYS.length);
    expect(all.find((order) => order._id === placed._id)).toEqual(await readOrder(orders, orders.admin, placed._id));
    for (const order of all.filter((_, i) => i % 7 === 0)) expect(order).toEqual(await readOrder(orders, orders.admin, order._id));
  });

  it("names each order's customer from the copy of the users service, else with the name their token had", async () => {
    const first = await pageOf(1);
    for (const order of first.orders.filter((o) => o._id !== placed._id)) {
      const k = customerIds.indexOf(order.user._id) + 1;
      expect(k).toBeGreaterThan(0);
      expect(order.user.name).toBe(k <= NAMED ? `Copy name ${k}` : `Token name ${k}`);
    }
    expect(new Set(first.orders.map((order) => order.user._id)).size).toBe(ORDERS_PAGE_SIZE);
  });

  it('reads a page in a fixed number of queries: one for the customers and one for the lines, not one per order', async () => {
    const runner = orders.dataSource.createQueryRunner();
    const prototype = Object.getPrototypeOf(runner) as { query: (sql: string, ...rest: unknown[]) => Promise<unknown> };
    await runner.release();
    const query = jest.spyOn(prototype, 'query');
    try {
      const answer = await pageOf(2);
      expect(answer.orders).toHaveLength(ORDERS_PAGE_SIZE);
      const sqls = query.mock.calls.map(([sql]) => sql);
      expect(sqls.filter((sql) => /(FROM|JOIN)\s+"?customer"?\s/i.test(sql))).toHaveLength(1);
      expect(sqls.filter((sql) => /(FROM|JOIN)\s+"?order_item"?\s/i.test(sql))).toHaveLength(1);
      expect(sqls.filter((sql) => /count\(/i.test(sql) && /customer_order/.test(sql))).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('takes page 1 when pageNumber is missing or empty', async () => {
    for (const path of ['/api/orders', '/api/orders?pageNumber=']) {
      const { body } = await get(path).expect(200);
      expect({ page: body.page, pages: body.pages }).toEqual({ page: 1, pages });
      expect((body as OrderListDto).orders.map((order) => order._id)).toEqual(expectedIds.slice(0, ORDERS_PAGE_SIZE));
    }
  });

  it('answers the last page with what is left, and a page beyond it with no orders and the real number of pages', async () => {
    expect((await pageOf(pages)).orders.map((order) => order._id)).toEqual(expectedIds.slice((pages - 1) * ORDERS_PAGE_SIZE));
    expect(await pageOf(pages + 1)).toEqual({ orders: [], page: pages + 1, pages });
  });

  it('says it must not be stored by any cache', async () => {
    expect((await get('/api/orders?pageNumber=2').expect(200)).headers['cache-control']).toBe('no-store');
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', '1e9', '0x10', '%202', '99999999999999999999', '1000001', 'NaN', 'Infinity'])(
    'answers pageNumber=%s with 400 and the message products answer',
    async (pageNumber) => {
      expect((await get(`/api/orders?pageNumber=${pageNumber}`).expect(400)).body).toEqual({ message: 'pageNumber must be a whole number from 1 to 1000000' });
    },
  );

  it('answers a repeated or bracketed pageNumber, or an unknown parameter, with 400', async () => {
    expect((await get('/api/orders?pageNumber=1&pageNumber=2').expect(400)).body.message).toMatch(/pageNumber/);
    expect((await get('/api/orders?pageNumber[]=1').expect(400)).body.message).toMatch(/pageNumber/);
    expect((await get('/api/orders?status=paid').expect(400)).body).toEqual({ message: 'property status should not exist' });
  });

  it('keeps the pages from customers (403) and guests (401) whatever the page', async () => {
    const customer = await orders.customer();
    expect((await request(orders.http).get('/api/orders?pageNumber=2').set(customer.headers).expect(403)).body).toEqual({ message: 'Not authorized as an admin' });
    expect((await request(orders.http).get('/api/orders?pageNumber=abc').expect(401)).body).toEqual({ message: 'Not authorized, no token' });
  });

  it('documents pageNumber and the page answer in the OpenAPI document', async () => {
    const { body } = await request(orders.http).get('/openapi.json').expect(200);
    const list = body.paths['/api/orders'].get;
    expect(list.parameters).toEqual([expect.objectContaining({ name: 'pageNumber', in: 'query', required: false, schema: expect.objectContaining({ minimum: 1, maximum: 1_000_000 }) })]);
    const schema = list.responses['200'].content['application/json'].schema.$ref.split('/').at(-1);
    expect(Object.keys(body.components.schemas[schema].properties).sort()).toEqual(['orders', 'page', 'pages'].sort());
  });
});
