import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Subjects, type OrderDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { eventually } from '@shop/testing';
import { answerStock, orderBody, placeOrder, readOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';

describe('orders: placing and reading orders', () => {
  let orders: TestOrders;
  let casey: TestUser;

  beforeAll(async () => {
    orders = await startOrders();
    casey = await orders.customer('Casey Customer');
  });

  afterAll(async () => {
    await orders?.close();
  });

  const post = (body: unknown, as: TestUser = casey) => request(orders.http).post('/api/orders').set(as.headers).send(body as object);

  it('answers with Cache-Control: no-store (orders hold addresses and payments)', async () => {
    const res = await request(orders.http).get('/api/orders/mine').set(casey.headers).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sets aside forged product events that break the contract (negative, fractional or textual prices) and keeps the price it knew', async () => {
    const product = await orders.product({ name: 'Guarded', priceCents: 500_00 });
    for (const priceCents of [-1, 1.5, 'x', null, 1e12]) {
      await orders.stream.publishRaw(
        Subjects.ProductUpdated,
        JSON.stringify({ id: randomUUID(), subject: Subjects.ProductUpdated, occurredAt: new Date().toISOString(), data: { ...product, priceCents } }),
      );
    }
    // Handled in stream order: once this later, valid event is in the copy, the forged ones were seen.
    await orders.product({ ...product, name: 'Valid lamp' }, { subject: Subjects.ProductUpdated });
    const [row] = await orders.dataSource.query('SELECT name, price_cents FROM catalog_product WHERE id = $1', [product.id]);
    expect(row).toEqual({ name: 'Valid lamp', price_cents: 500_00 });
  });

  describe('placing an order', () => {
    it('answers 201 with the order priced by the server, pending its stock, and tells the catalog', async () => {
      const mouse = await orders.product({ name: 'Wireless Mouse', image: '/uploads/mouse.png', priceCents: 19_99 });
      const cable = await orders.product({ name: 'USB cable', image: '/uploads/cable.png', priceCents: 5_00 });

      const response = await post(
        orderBody(
          [
            // What the browser's cart holds: its own copy of name, image, price and stock, all ignored.
            { product: mouse.id, quantity: 2, name: 'Cheap mouse', image: '/x.png', price: 0.01, countInStock: 99 },
            { product: cable.id, quantity: 1 },
          ],
          { itemsPrice: 0.02, taxPrice: 0, shippingPrice: 0, totalPrice: 0.02 },
        ),
      ).expect(201);

      const order = response.body as OrderDto;
      expect(order).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        user: { _id: casey.claims.sub, name: 'Casey Customer', email: casey.claims.email },
        orderItems: [
          { _id: expect.any(String), product: mouse.id, name: 'Wireless Mouse', image: '/uploads/mouse.png', price: 19.99, quantity: 2 },
          { _id: expect.any(String), product: cable.id, name: 'USB cable', image: '/uploads/cable.png', price: 5, quantity: 1 },
        ],
        shippingAddress: { address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'USA' },
        paymentGateway: 'PayPal',
        itemsPrice: 44.98,
        taxPrice: 4.5,
        shippingPrice: 50,
        totalPrice: 99.48,
        status: 'pending',
        isPaid: false,
        isDelivered: false,
        createdAt: expect.any(String),
      });
      expect(new Date(order.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

      await orders.app.get(OutboxRelay).flush();
      const [placed] = await orders.stream.waitFor(Subjects.OrderPlaced, (data) => data.orderId === order._id);
      expect(placed.data).toEqual({
        orderId: order._id,
        userId: casey.claims.sub,
        items: [
          { productId: mouse.id, quantity: 2 },
          { productId: cable.id, quantity: 1 },
        ],
      });
    });

    it('charges shipping on items of exactly 100.00 and ships free from 100.01', async () => {
      const hundred = await orders.product({ priceCents: 100_00 });
      const justOver = await orders.product({ priceCents: 100_01 });

      const atHundred = await placeOrder(orders, casey, [{ product: hundred.id, quantity: 1 }]);
      expect(atHundred).toMatchObject({ itemsPrice: 100, shippingPrice: 50, taxPrice: 10, totalPrice: 160 });

      const overHundred = await placeOrder(orders, casey, [{ product: justOver.id, quantity: 1 }]);
      expect(overHundred).toMatchObject({ itemsPrice: 100.01, shippingPrice: 0, taxPrice: 10, totalPrice: 110.01 });
    });

    it('rounds tax half up to the cent and adds in cents (no float drift)', async () => {
      const nickel = await orders.product({ priceCents: 5 });
      expect(await placeOrder(orders, casey, [{ product: nickel.id, quantity: 1 }])).toMatchObject({
        itemsPrice: 0.05,
        taxPrice: 0.01,
        shippingPrice: 50,
        totalPrice: 50.06,
      });

      const dime = await orders.product({ priceCents: 10 });
      const twenty = await orders.product({ priceCents: 20 });
      expect(await placeOrder(orders, casey, [{ product: dime.id, quantity: 1 }, { product: twenty.id, quantity: 1 }])).toMatchObject({
        itemsPrice: 0.3,
        taxPrice: 0.03,
        totalPrice: 50.33,
      });
    });

    it('adds up repeated lines of one product into one line', async () => {
      const pen = await orders.product({ name: 'Pen', priceCents: 1_50 });
      const order = await placeOrder(orders, casey, [
        { product: pen.id, quantity: 2 },
        { product: pen.id, quantity: 3 },
      ]);
      expect(order.orderItems).toEqual([expect.objectContaining({ product: pen.id, quantity: 5, price: 1.5 })]);
      expect(order.itemsPrice).toBe(7.5);
    });

    it("keeps the name, image and price of the time of the order when the catalog changes later", async () => {
      const lamp = await orders.product({ name: 'Desk lamp', image: '/uploads/lamp.png', priceCents: 30_00 });
      const before = await placeOrder(orders, casey, [{ product: lamp.id, quantity: 1 }]);

      await orders.product({ ...lamp, name: 'Desk lamp II', image: '/uploads/lamp2.png', priceCents: 35_00 }, { subject: Subjects.ProductUpdated });
      const after = await placeOrder(orders, casey, [{ product: lamp.id, quantity: 1 }]);

      expect((await readOrder(orders, casey, before._id)).orderItems[0]).toMatchObject({ name: 'Desk lamp', image: '/uploads/lamp.png', price: 30 });
      expect(after.orderItems[0]).toMatchObject({ name: 'Desk lamp II', image: '/uploads/lamp2.png', price: 35 });
    });

    it('refuses an order without items', async () => {
      const { orderItems: _none, ...withoutItems } = orderBody([]);
      expect((await post(withoutItems).expect(400)).body).toEqual({ message: 'No order items' });
      expect((await post(orderBody([])).expect(400)).body).toEqual({ message: 'No order items' });
    });

    it('refuses more than 100 lines', async () => {
      const lines = Array.from({ length: 101 }, () => ({ product: randomUUID(), quantity: 1 }));
      expect((await post(orderBody(lines)).expect(400)).body).toEqual({ message: 'orderItems must have at most 100 entries' });
    });

    it('refuses a quantity that is not a whole number from 1 to 100', async () => {
      const product = await orders.product();
      for (const quantity of [0, -1, 1.5, '2', null, 101]) {
        const response = await post(orderBody([{ product: product.id, quantity: quantity as number }])).expect(400);
        expect(response.body).toEqual({ message: 'orderItems.0.quantity must be a whole number from 1 to 100' });
      }
      const { body } = await post(orderBody([{ product: product.id, quantity: 60 }, { product: product.id, quantity: 41 }])).expect(400);
      expect(body).toEqual({ message: `At most 100 of one product per order: ${product.id}` });
    });

    it('refuses an unknown or deleted product, naming it', async () => {
      const unknown = randomUUID();
      expect((await post(orderBody([{ product: unknown, quantity: 1 }])).expect(400)).body).toEqual({ message: `Product not found: ${unknown}` });

      const gone = await orders.product();
      const { occurredAt } = await orders.stream.publish(Subjects.ProductDeleted, { id: gone.id });
      await waitForDeletion(gone.id, occurredAt);
      expect((await post(orderBody([{ product: gone.id, quantity: 1 }])).expect(400)).body).toEqual({ message: `Product not found: ${gone.id}` });

      expect((await post(orderBody([{ product: 'not-an-id', quantity: 1 }])).expect(400)).body).toEqual({
        message: 'orderItems.0.product must be a product id (a UUID)',
      });
    });

    it('refuses a shipping address missing any of address, city, postalCode and country', async () => {
      const product = await orders.product();
      const address = { address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'USA' };
      for (const field of Object.keys(address)) {
        for (const value of [undefined, '', '   ']) {
          const body = orderBody([{ product: product.id, quantity: 1 }], { shippingAddress: { ...address, [field]: value } });
          const response = await post(body).expect(400);
          expect(response.body).toEqual({ message: `shippingAddress.${field} must be a non-empty text of at most 200 characters` });
        }
      }
      const { shippingAddress: _none, ...withoutAddress } = orderBody([{ product: product.id, quantity: 1 }]);
      expect((await post(withoutAddress).expect(400)).body).toEqual({
        message: 'shippingAddress must be an object with address, city, postalCode and country',
      });
    });

    it('trims the shipping address', async () => {
      const product = await orders.product();
      const body = orderBody([{ product: product.id, quantity: 1 }], {
        shippingAddress: { address: ' 2 High Street ', city: ' Leeds', postalCode: 'LS1 ', country: ' UK ' },
      });
      const order = (await post(body).expect(201)).body as OrderDto;
      expect(order.shippingAddress).toEqual({ address: '2 High Street', city: 'Leeds', postalCode: 'LS1', country: 'UK' });
    });

    it('refuses a payment gateway other than PayPal', async () => {
      const product = await orders.product();
      for (const paymentGateway of ['Stripe', 'paypal', undefined]) {
        const response = await post(orderBody([{ product: product.id, quantity: 1 }], { paymentGateway })).expect(400);
        expect(response.body).toEqual({ message: 'Payment gateway must be PayPal' });
      }
    });

    it('refuses fields it does not know, on the order and on its lines', async () => {
      const product = await orders.product();
      expect((await post(orderBody([{ product: product.id, quantity: 1 }], { discount: 50 })).expect(400)).body).toEqual({
        message: 'property discount should not exist',
      });
      const line = { product: product.id, quantity: 1, discount: 50 };
      expect((await post(orderBody([line])).expect(400)).body).toEqual({ message: 'orderItems.0.property discount should not exist' });
    });

    it('needs a signed-in user', async () => {
      const product = await orders.product();
      const response = await request(orders.http).post('/api/orders').send(orderBody([{ product: product.id, quantity: 1 }])).expect(401);
      expect(response.body).toEqual({ message: 'Not authorized, no token' });
    });
  });

  describe('reading orders', () => {
    let reader: TestUser;
    let first: OrderDto;
    let second: OrderDto;

    beforeAll(async () => {
      reader = await orders.customer('Rita Reader');
      const product = await orders.product({ priceCents: 12_00 });
      first = await placeOrder(orders, reader, [{ product: product.id, quantity: 1 }]);
      second = await placeOrder(orders, reader, [{ product: product.id, quantity: 2 }]);
    });

    it("lists the caller's own orders, newest first", async () => {
      const { body } = await request(orders.http).get('/api/orders/mine').set(reader.headers).expect(200);
      expect((body as OrderDto[]).map((order) => order._id)).toEqual([second._id, first._id]);
      expect(body[0]).toEqual(second);

      const stranger = await orders.customer();
      expect((await request(orders.http).get('/api/orders/mine').set(stranger.headers).expect(200)).body).toEqual([]);
    });

    it('shows an order to its customer and to admins, and to nobody else (404, as if it did not exist)', async () => {
      expect(await readOrder(orders, reader, first._id)).toEqual(first);
      expect(await readOrder(orders, orders.admin, first._id)).toEqual(first);

      const other = await orders.customer();
      const response = await request(orders.http).get(`/api/orders/${first._id}`).set(other.headers).expect(404);
      expect(response.body).toEqual({ message: 'Order not found' });
    });

    it('answers 404 for an unknown order or an id that is not one', async () => {
      for (const id of [randomUUID(), 'not-an-id']) {
        const response = await request(orders.http).get(`/api/orders/${id}`).set(reader.headers).expect(404);
        expect(response.body).toEqual({ message: 'Order not found' });
      }
    });

    it('lists every order for admins, newest first, each with its customer', async () => {
      const { body, headers } = await request(orders.http).get('/api/orders').set(orders.admin.headers).expect(200);
      const all = body as OrderDto[];
      expect(headers['x-total-count']).toBe(String(all.length));
      const created = all.map((order) => order.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(all.find((order) => order._id === second._id)).toEqual(second);
      expect(second.user).toEqual({ _id: reader.claims.sub, name: 'Rita Reader', email: reader.claims.email });
      expect(new Set(all.map((order) => order.user._id))).toEqual(new Set([casey.claims.sub, reader.claims.sub]));
    });

    it('keeps the list of every order from customers (403) and from guests (401)', async () => {
      expect((await request(orders.http).get('/api/orders').set(reader.headers).expect(403)).body).toEqual({ message: 'Not authorized as an admin' });
      expect((await request(orders.http).get('/api/orders').expect(401)).body).toEqual({ message: 'Not authorized, no token' });
      expect((await request(orders.http).get('/api/orders/mine').expect(401)).body).toEqual({ message: 'Not authorized, no token' });
    });

    it("names each order's customer as the users service last described them", async () => {
      await orders.user({ id: reader.claims.sub, name: 'Rita Renamed', email: 'rita@example.com', isAdmin: false, sessionVersion: 1 });
      expect((await readOrder(orders, orders.admin, first._id)).user).toEqual({ _id: reader.claims.sub, name: 'Rita Renamed', email: 'rita@example.com' });

      await orders.user({ id: reader.claims.sub, name: 'Rita Again', email: 'rita2@example.com', isAdmin: false, sessionVersion: 1 }, { subject: Subjects.UserUpdated });
      const { body } = await request(orders.http).get('/api/orders').set(orders.admin.headers).expect(200);
      const hers = (body as OrderDto[]).filter((order) => order.user._id === reader.claims.sub);
      expect(hers.map((order) => order.user.name)).toEqual(['Rita Again', 'Rita Again']);
    });

    it('ignores a user event older than the one it holds', async () => {
      await orders.stream.publish(
        Subjects.UserUpdated,
        { id: reader.claims.sub, name: 'Rita Long Ago', email: 'old@example.com', isAdmin: false, sessionVersion: 1 },
        { occurredAt: new Date(Date.now() - 3_600_000).toISOString() },
      );
      // A later event, waited for, proves the earlier one was handled (one consumer handles them in order).
      const marker = await orders.customer();
      await orders.user({ id: marker.claims.sub, name: 'Marker', email: 'marker@example.com', isAdmin: false, sessionVersion: 1 });
      expect((await readOrder(orders, reader, first._id)).user.name).toBe('Rita Again');
    });

    it('still names the customer of an order after their account is deleted', async () => {
      await orders.stream.publish(Subjects.UserDeleted, { id: reader.claims.sub });
      const marker = await orders.customer();
      await orders.user({ id: marker.claims.sub, name: 'Marker', email: 'marker2@example.com', isAdmin: false, sessionVersion: 1 });
      expect((await readOrder(orders, orders.admin, first._id)).user).toEqual({ _id: reader.claims.sub, name: 'Rita Again', email: 'rita2@example.com' });
    });
  });

  describe('delivery', () => {
    it('refuses to deliver an order that is not paid, and lets only admins deliver', async () => {
      const product = await orders.product();
      const order = await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]);
      const deliver = (as: TestUser) => request(orders.http).put(`/api/orders/${order._id}/delivery_status`).set(as.headers).send({});

      expect((await deliver(casey).expect(403)).body).toEqual({ message: 'Not authorized as an admin' });
      expect((await deliver(orders.admin).expect(400)).body).toEqual({ message: 'Order is not paid yet' });
      const unknown = await request(orders.http).put(`/api/orders/${randomUUID()}/delivery_status`).set(orders.admin.headers).send({}).expect(404);
      expect(unknown.body).toEqual({ message: 'Order not found' });
      expect((await readOrder(orders, casey, order._id)).isDelivered).toBe(false);
    });
  });

  describe('paying when PayPal cannot be reached', () => {
    it('answers 503 and leaves the order unpaid', async () => {
      const product = await orders.product();
      const order = await answerStock(orders, casey, await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]));
      const response = await request(orders.http).put(`/api/orders/${order._id}/pay_status`).set(casey.headers).send({ id: 'PAYPAL1' }).expect(503);
      expect(response.body).toEqual({ message: 'Payment provider unavailable, please try again' });
      expect((await readOrder(orders, casey, order._id)).isPaid).toBe(false);
    });
  });

  describe('GET /api/config/paypal', () => {
    it('answers the client id, the script address and the currency, to anyone', async () => {
      const { body } = await request(orders.http).get('/api/config/paypal').expect(200);
      expect(body).toEqual({ clientId: 'test-client', sdkUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/sdk\/js$/), currency: 'USD' });
    });
  });

  async function waitForDeletion(id: string, occurredAt: string): Promise<void> {
    await eventually(async () => {
      const [row] = await orders.dataSource.query(`SELECT deleted FROM catalog_product WHERE id = $1 AND changed_at >= $2`, [id, occurredAt]);
      return row?.deleted ? true : undefined;
    });
  }
});
