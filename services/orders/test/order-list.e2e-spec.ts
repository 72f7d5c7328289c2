import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import request from 'supertest';
import { DEFAULT_PAGE_SIZE, type OrderDto } from '@shop/contracts';
import { placeOrder, readOrder, startOrders, type TestOrders } from './support/orders-app.js';

/** Orders written straight into the table: two full pages and part of a third (with the one placed through the API). */
const WRITTEN = 2 * DEFAULT_PAGE_SIZE + 4;
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

describe('GET /api/orders: all orders as the spec says (an array), paged through headers, searched and filtered', () => {
  let orders: TestOrders;
  /** Every order's id as the table must list them: newest first, then by id (descending). */
  let expectedIds: string[];
  /** Every order as the table sees it, newest first. */
  let rows: { id: string; created_at: Date; total_cents: string; state: string; is_paid: boolean; is_delivered: boolean; user_id: string }[];
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
         shipping_country, payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, state, paid_at,
         delivered_at, created_at, updated_at)
       SELECT gen_random_uuid(), ($2::uuid[])[1 + (n - 1) % $3::int], 'Token name ' || ((n - 1) % $3::int + 1), 'token@example.com',
         n || ' Main Street', 'Springfield', '12345', 'USA', 'PayPal', 2000, 5000, 200, 7200,
         CASE WHEN n % 6 = 0 THEN 'delivered' WHEN n % 3 = 0 THEN 'paid' ELSE 'awaiting-stock' END, CASE WHEN n % 3 = 0 THEN timestamptz '2030-02-01' END,
         CASE WHEN n % 6 = 0 THEN timestamptz '2030-02-02' END,
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
    // Totals differ by order (n cents more each), so sorting by total has one answer.
    await orders.dataSource.query(`UPDATE customer_order SET tax_cents = tax_cents + (regexp_replace(shipping_address, ' .*', ''))::int, total_cents = total_cents + (regexp_replace(shipping_address, ' .*', ''))::int WHERE user_email = 'token@example.com'`);
    rows = (await orders.dataSource.query<typeof rows>(`SELECT id, created_at, total_cents, state, state IN ('paid', 'delivered') AS is_paid, state = 'delivered' AS is_delivered, user_id FROM customer_order`)).sort(
      (a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    expectedIds = rows.map((row) => row.id);
  });

  afterAll(async () => {
    await orders?.close();
  });

  const get = (path: string) => request(orders.http).get(path).set(orders.admin.headers);
  const listOf = async (path: string): Promise<OrderDto[]> => (await get(path).expect(200)).body;
  const idsOf = async (path: string): Promise<string[]> => (await listOf(path)).map((order) => order._id);
  const pageOf = (pageNumber: number) => listOf(`/api/orders?pageNumber=${pageNumber}`);
  const pages = Math.ceil((WRITTEN + 1) / DEFAULT_PAGE_SIZE);
  const linksOf = (header: string | undefined): Record<string, string> =>
    Object.fromEntries([...(header ?? '').matchAll(/<([^>]*)>; rel="([a-z]+)"/g)].map(([, target, rel]) => [rel, target]));

  it(`answers an array of ${DEFAULT_PAGE_SIZE} orders, newest first, with X-Total-Count and Link`, async () => {
    const { body, headers } = await get('/api/orders').expect(200);
    expect(Array.isArray(body)).toBe(true);
    expect((body as OrderDto[]).map((order) => order._id)).toEqual(expectedIds.slice(0, DEFAULT_PAGE_SIZE));
    expect(headers['x-total-count']).toBe(String(WRITTEN + 1));
    expect(linksOf(headers.link)).toEqual({ first: '/api/orders?pageNumber=1', next: '/api/orders?pageNumber=2', last: `/api/orders?pageNumber=${pages}` });
  });

  it("lists every order exactly once when a client follows Link's next, orders of the same moment in id order", async () => {
    const seen: string[] = [];
    for (let next: string | undefined = '/api/orders?pageSize=9'; next; ) {
      const answer: { body: unknown; headers: Record<string, string> } = await get(next).expect(200);
      seen.push(...(answer.body as OrderDto[]).map((order) => order._id));
      next = linksOf(answer.headers.link).next;
    }
    expect(seen).toEqual(expectedIds);
    expect(new Set(seen).size).toBe(WRITTEN + 1);
  });

  it('answers each order as GET /api/orders/{id} answers it: every field, its lines and its customer', async () => {
    const all = await listOf('/api/orders?pageSize=100');
    for (const order of all) expect(Object.keys(order).filter((key) => ORDER_KEYS.includes(key))).toHaveLength(ORDER_KEYS.length);
    expect(all.find((order) => order._id === placed._id)).toEqual(await readOrder(orders, orders.admin, placed._id));
    for (const order of all.filter((_, i) => i % 7 === 0)) expect(order).toEqual(await readOrder(orders, orders.admin, order._id));
  });

  it("names each order's customer from the copy of the users service, else with the name their token had", async () => {
    const first = await pageOf(1);
    for (const order of first.filter((o) => o._id !== placed._id)) {
      const k = customerIds.indexOf(order.user._id) + 1;
      expect(k).toBeGreaterThan(0);
      expect(order.user.name).toBe(k <= NAMED ? `Copy name ${k}` : `Token name ${k}`);
    }
    expect(new Set(first.map((order) => order.user._id)).size).toBe(DEFAULT_PAGE_SIZE);
  });

  it('reads a page in a fixed number of queries: one for the ids, one count, one for the orders with their lines and customers', async () => {
    const runner = orders.dataSource.createQueryRunner();
    const prototype = Object.getPrototypeOf(runner) as { query: (sql: string, ...rest: unknown[]) => Promise<unknown> };
    await runner.release();
    const query = jest.spyOn(prototype, 'query');
    try {
      expect(await listOf('/api/orders?pageNumber=2&search=name&paid=false')).not.toHaveLength(0);
      const sqls = query.mock.calls.map(([sql]) => sql).filter((sql) => /customer_order/.test(sql));
      expect(sqls.filter((sql) => /count\(/i.test(sql))).toHaveLength(1);
      expect(sqls.filter((sql) => /(FROM|JOIN)\s+"?order_item"?\s/i.test(sql))).toHaveLength(1);
      expect(sqls.length).toBeLessThanOrEqual(3);
    } finally {
      query.mockRestore();
    }
  });

  it('answers the last page with what is left, and a page beyond it with [] and a link back to the last', async () => {
    expect((await pageOf(pages)).map((order) => order._id)).toEqual(expectedIds.slice((pages - 1) * DEFAULT_PAGE_SIZE));
    const beyond = await get(`/api/orders?pageNumber=${pages + 1}`).expect(200);
    expect(beyond.body).toEqual([]);
    expect(linksOf(beyond.headers.link).last).toBe(`/api/orders?pageNumber=${pages}`);
  });

  it('filters by payment and delivery, and the total follows the filters', async () => {
    const paid = await get('/api/orders?paid=true&pageSize=100').expect(200);
    expect((paid.body as OrderDto[]).map((order) => order._id)).toEqual(rows.filter((row) => row.is_paid).map((row) => row.id));
    expect(paid.headers['x-total-count']).toBe(String(rows.filter((row) => row.is_paid).length));
    expect(await idsOf('/api/orders?paid=false&delivered=false&pageSize=100')).toEqual(rows.filter((row) => !row.is_paid && !row.is_delivered).map((row) => row.id));
    expect(await idsOf('/api/orders?paid=true&delivered=false&pageSize=100')).toEqual(rows.filter((row) => row.is_paid && !row.is_delivered).map((row) => row.id));
    expect(await idsOf('/api/orders?delivered=true&pageSize=100')).toEqual(rows.filter((row) => row.is_delivered).map((row) => row.id));
  });

  it('filters by state, with the other filters and the export', async () => {
    for (const state of ['awaiting-stock', 'paid', 'delivered', 'refunded']) {
      const res = await get(`/api/orders?state=${state}&pageSize=100`).expect(200);
      expect((res.body as OrderDto[]).map((order) => order._id)).toEqual(rows.filter((row) => row.state === state).map((row) => row.id));
      expect(res.headers['x-total-count']).toBe(String(rows.filter((row) => row.state === state).length));
    }
    expect(await idsOf('/api/orders?state=paid&delivered=true&pageSize=100')).toEqual([]);
    const csv = await get('/api/orders/export?state=delivered').buffer(true).expect(200);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n').slice(1, -1);
    expect(lines.map((line) => line.split(',')[0])).toEqual(rows.filter((row) => row.state === 'delivered').map((row) => row.id));
    expect(lines.every((line) => line.split(',')[5] === 'confirmed')).toBe(true);
  });

  it('filters by the days the orders were placed (UTC, both days included)', async () => {
    // The written orders are placed on 2030-01-01 from 00:00 to 00:44; the one placed through the API is today's.
    const written = rows.filter((row) => row.id !== placed._id).map((row) => row.id);
    expect(await idsOf('/api/orders?from=2030-01-01&to=2030-01-01&pageSize=100')).toEqual(written);
    expect(await idsOf('/api/orders?to=2029-12-31&pageSize=100')).toEqual([placed._id]);
    expect(await idsOf('/api/orders?from=2030-01-02')).toEqual([]);
    expect((await get('/api/orders?from=2030-01-02&to=2030-01-01').expect(400)).body).toEqual({ message: 'from must be a day before or equal to to' });
  });

  it("finds orders by their id, whole or its first characters, and by the customer's name or email", async () => {
    expect(await idsOf(`/api/orders?search=${placed._id}`)).toEqual([placed._id]);
    expect(await idsOf(`/api/orders?search=${placed._id.slice(0, 13).toUpperCase()}`)).toContain(placed._id);
    expect(await idsOf('/api/orders?search=paula')).toEqual([placed._id]);
    const seventh = customerIds[6] as string;
    expect(await idsOf('/api/orders?search=Copy name 7&pageSize=100')).toEqual(rows.filter((row) => row.user_id === seventh).map((row) => row.id));
    expect(await idsOf('/api/orders?search=copy-7@EXAMPLE.com&pageSize=100')).toEqual(rows.filter((row) => row.user_id === seventh).map((row) => row.id));
    // Customers without a copy yet are found by the name their token had.
    const twentieth = customerIds[19] as string;
    expect(await idsOf('/api/orders?search=token name 20&pageSize=100')).toEqual(rows.filter((row) => row.user_id === twentieth).map((row) => row.id));
    for (const literal of ['%', '_', '\\']) expect(await idsOf(`/api/orders?search=${encodeURIComponent(literal)}`)).toEqual([]);
  });

  it('sorts by total, customer, paid or delivered day, either way; orders without the day come last', async () => {
    const byTotal = [...rows].sort((a, b) => Number(a.total_cents) - Number(b.total_cents) || compare(a.id, b.id)).map((row) => row.id);
    expect(await idsOf('/api/orders?sort=totalPrice&pageSize=100')).toEqual(byTotal);
    expect(await idsOf('/api/orders?sort=totalPrice&direction=desc&pageSize=100')).toEqual([...byTotal].reverse());
    for (const direction of ['asc', 'desc']) {
      const sorted = await listOf(`/api/orders?sort=paidAt&direction=${direction}&pageSize=100`);
      const paidCount = rows.filter((row) => row.is_paid).length;
      expect(sorted.slice(0, paidCount).every((order) => order.isPaid)).toBe(true);
      expect(sorted.slice(paidCount).every((order) => !order.isPaid)).toBe(true);
    }
    const names = (await listOf('/api/orders?sort=userName&pageSize=100')).map((order) => order.user.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('exports every matching order as a CSV file, newest first, amounts with 2 decimals', async () => {
    const res = await get('/api/orders/export?paid=true&pageSize=1').buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,date,user id,user name,user email,status,items,shipping,tax,total,paid,delivered');
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(rows.filter((row) => row.is_paid).map((row) => row.id));
    expect(lines[1]).toMatch(/,confirmed,20\.00,50\.00,\d+\.\d\d,\d+\.\d\d,2030-02-01T00:00:00\.000Z,/);
    const all = await get('/api/orders/export').buffer(true).expect(200);
    expect(all.text.split('\r\n').slice(1, -1).map((line) => line.split(',')[0])).toEqual(expectedIds);
  });

  it('exports across many batches without losing or repeating an order, also orders placed in the same microsecond', async () => {
    await orders.dataSource.query(
      `INSERT INTO customer_order (id, user_id, user_name, user_email, shipping_address, shipping_city, shipping_postal_code,
         shipping_country, payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, state, created_at, updated_at)
       SELECT gen_random_uuid(), gen_random_uuid(), 'Bulk buyer', 'bulk@example.com', 'Bulk', 'Bulk', '1', 'USA', 'PayPal', 100, 5000, 10, 5110,
         'awaiting-stock', timestamptz '2031-01-01 00:00:00.123456' + make_interval(secs => n / 3), now()
       FROM generate_series(1, 1234) AS n`,
    );
    const res = await get('/api/orders/export?search=bulk buyer').buffer(true).expect(200);
    const ids = res.text.split('\r\n').slice(1, -1).map((line) => line.split(',')[0]);
    expect(ids).toHaveLength(1234);
    expect(new Set(ids).size).toBe(1234);
    await orders.dataSource.query(`DELETE FROM customer_order WHERE user_name = 'Bulk buyer'`);
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

  it.each([
    ['paid=yes', 'paid must be true or false'],
    ['paid=true&paid=false', 'paid must be true or false'],
    ['delivered=1', 'delivered must be true or false'],
    ['state=shipped', 'state must be one of: awaiting-stock, awaiting-payment, paid, delivered, cancelled, refunded'],
    ['from=2030-02-30', 'from must be a day written YYYY-MM-DD'],
    ['to=yesterday', 'to must be a day written YYYY-MM-DD'],
    ['from=1999-12-31', 'from must be a day written YYYY-MM-DD'],
    ['sort=status', 'sort must be one of: createdAt, totalPrice, userName, paidAt, deliveredAt'],
    ['sort=totalPrice&direction=DESC', 'direction must be one of: asc, desc'],
    ['pageSize=1000', 'pageSize must be a whole number from 1 to 100'],
    [`search=${'%25'.repeat(101)}`, 'search must be a text of at most 100 characters'],
    ['status=paid', 'property status should not exist'],
  ])('answers %s with 400 and a message, on the list and the export', async (query, message) => {
    expect((await get(`/api/orders?${query}`).expect(400)).body).toEqual({ message });
    expect((await get(`/api/orders/export?${query}`).expect(400)).body).toEqual({ message });
  });

  it('answers a repeated or bracketed pageNumber with 400', async () => {
    expect((await get('/api/orders?pageNumber=1&pageNumber=2').expect(400)).body.message).toMatch(/pageNumber/);
    expect((await get('/api/orders?pageNumber[]=1').expect(400)).body.message).toMatch(/pageNumber/);
  });

  it('keeps the list and the export from customers (403) and guests (401)', async () => {
    const customer = await orders.customer();
    for (const path of ['/api/orders?pageNumber=2', '/api/orders/export']) {
      expect((await request(orders.http).get(path).set(customer.headers).expect(403)).body).toEqual({ message: 'Not authorized as an admin' });
      expect((await request(orders.http).get(path).expect(401)).body).toEqual({ message: 'Not authorized, no token' });
    }
  });

  it('documents the array, its headers and every parameter in the OpenAPI document', async () => {
    const { body } = await request(orders.http).get('/openapi.json').expect(200);
    const list = body.paths['/api/orders'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(
      ['delivered', 'direction', 'from', 'pageNumber', 'pageSize', 'paid', 'search', 'sort', 'state', 'to'],
    );
    const ok = list.responses['200'];
    expect(ok.content['application/json'].schema).toEqual({ type: 'array', items: { $ref: expect.stringMatching(/OrderResponse$/) } });
    expect(Object.keys(ok.headers).sort()).toEqual(['Link', 'X-Total-Count']);
  });
});

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
