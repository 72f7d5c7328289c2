import request from 'supertest';
import { Subjects, type OrderDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { startPayPalStandIn, type PayPalStandIn, type RequestLogEntry } from '@shop/paypal-stand-in';
import { producedContractProblems } from '@shop/testing';
import { confirmedOrder as confirmedOrderOf, readOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';
import { PayPalBuyer, standInOrder } from './support/paypal-buyer.js';

describe('orders: payments verified with PayPal (through the PayPal stand-in), then delivery', () => {
  let paypal: PayPalStandIn;
  let buyer: PayPalBuyer;
  let orders: TestOrders;
  let casey: TestUser;
  const paypalRequests: RequestLogEntry[] = [];

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ clientId: 'orders-test', clientSecret: 'orders-secret', testEndpoints: true, onRequest: (entry) => paypalRequests.push(entry) });
    buyer = new PayPalBuyer(paypal);
    orders = await startOrders({ PAYPAL_API_BASE: paypal.url, PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret });
    casey = await orders.customer('Casey Customer');
  });

  afterAll(async () => {
    await orders?.close();
    await paypal?.close();
  });

  const confirmedOrder = (owner: TestUser = casey): Promise<OrderDto> => confirmedOrderOf(orders, owner);

  const openPayment = (orderId: string, as: TestUser = casey) => request(orders.http).post(`/api/orders/${orderId}/paypal`).set(as.headers).send();
  const payStatus = (orderId: string, body: object, as: TestUser = casey) =>
    request(orders.http).put(`/api/orders/${orderId}/pay_status`).set(as.headers).send(body);

  async function paidEventsOf(orderId: string) {
    await orders.app.get(OutboxRelay).flush();
    return orders.stream.of(Subjects.OrderPaid, (data) => data.orderId === orderId);
  }

  it("marks a confirmed order paid with PayPal's own account of the capture, and says so", async () => {
    const order = await confirmedOrder();
    const capture = await buyer.pay('110.01', { email: 'casey.payer@example.com', customId: order._id });

    // What the browser claims besides the id is not taken at its word.
    const response = await payStatus(order._id, {
      id: capture.id,
      status: 'COMPLETED',
      update_time: '1999-01-01T00:00:00Z',
      payer: { email_address: 'someone.else@example.com' },
    }).expect(200);

    const paid = response.body as OrderDto;
    expect(paid).toEqual({
      ...order,
      payableUntil: undefined,
      isPaid: true,
      paidAt: expect.any(String),
      paymentResult: {
        id: capture.id,
        status: 'COMPLETED',
        update_time: (await buyer.show(capture.id)).purchase_units[0].payments?.captures?.[0].update_time,
        email_address: 'casey.payer@example.com',
      },
    });
    expect(new Date(paid.paidAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await readOrder(orders, casey, order._id)).toEqual(paid);

    const events = await paidEventsOf(order._id);
    expect(events.map((event) => event.data)).toEqual([{ orderId: order._id, userId: casey.claims.sub, totalCents: 110_01, paidAt: paid.paidAt }]);
  });

  it('marks an order paid once: the same capture sent again, even at the same moment, changes nothing', async () => {
    const order = await confirmedOrder();
    const capture = await buyer.pay('110.01', { customId: order._id });
    const body = { id: capture.id, status: capture.status, update_time: capture.update_time, payer: capture.payer };

    const [first, second] = await Promise.all([payStatus(order._id, body).expect(200), payStatus(order._id, body).expect(200)]);
    expect(second.body).toEqual(first.body);
    const again = await payStatus(order._id, body).expect(200);
    expect(again.body).toEqual(first.body);
    expect((again.body as OrderDto).paidAt).toBe((first.body as OrderDto).paidAt);
    expect(await paidEventsOf(order._id)).toHaveLength(1);
  });

  it('refuses a forged payment id (400) and changes nothing', async () => {
    const order = await confirmedOrder();
    const response = await payStatus(order._id, { id: '9XK01234AB5678901', status: 'COMPLETED' }).expect(400);
    expect(response.body).toEqual({ message: 'Payment not found' });
    expect(await readOrder(orders, casey, order._id)).toEqual(order);
  });

  it('refuses an underpaid or an overpaid payment', async () => {
    const order = await confirmedOrder();
    for (const value of ['110.00', '11.01', '110.02']) {
      const capture = await buyer.pay(value, { customId: order._id });
      const response = await payStatus(order._id, { id: capture.id }).expect(400);
      expect(response.body).toEqual({ message: 'Payment amount does not match the order total' });
    }
    expect(await readOrder(orders, casey, order._id)).toEqual(order);
  });

  it('refuses a payment in another currency, even of the same figure', async () => {
    const order = await confirmedOrder();
    const capture = await buyer.pay('110.01', { currency: 'EUR', customId: order._id });
    expect((await payStatus(order._id, { id: capture.id }).expect(400)).body).toEqual({ message: 'Payment currency must be USD' });
  });

  it('refuses a payment the buyer did not approve, or one captured outside the shop (pending or not)', async () => {
    const order = await confirmedOrder();
    const { id } = (await openPayment(order._id).expect(201)).body as { id: string };
    expect((await payStatus(order._id, { id }).expect(400)).body).toEqual({ message: 'Payment is not approved by the buyer' });

    const pending = await standInOrder(paypal, { amount: { currency_code: 'USD', value: '110.01' }, capture_status: 'PENDING', custom_id: order._id });
    expect((await payStatus(order._id, { id: pending.id }).expect(400)).body).toEqual({ message: 'Payment was already captured outside the shop' });
    const minted = await standInOrder(paypal, { amount: { currency_code: 'USD', value: '110.01' }, custom_id: order._id });
    expect((await payStatus(order._id, { id: minted.id }).expect(400)).body).toEqual({ message: 'Payment was already captured outside the shop' });
    expect((await readOrder(orders, casey, order._id)).isPaid).toBe(false);
  });

  it('refuses a payment made for another order, or for none (a payment of the right amount the shop did not open)', async () => {
    const first = await confirmedOrder();
    const second = await confirmedOrder();
    const capture = await buyer.pay('110.01', { customId: first._id });
    await payStatus(first._id, { id: capture.id }).expect(200);
    expect((await payStatus(second._id, { id: capture.id }).expect(400)).body).toEqual({ message: 'Payment was not made for this order' });

    const unmarked = await buyer.pay('110.01');
    expect((await payStatus(second._id, { id: unmarked.id }).expect(400)).body).toEqual({ message: 'Payment was not made for this order' });
    expect((await readOrder(orders, casey, second._id)).isPaid).toBe(false);
  });

  it('refuses a second payment of an order already paid', async () => {
    const order = await confirmedOrder();
    await payStatus(order._id, { id: (await buyer.pay('110.01', { customId: order._id })).id }).expect(200);
    const other = await buyer.pay('110.01', { customId: order._id });
    expect((await payStatus(order._id, { id: other.id }).expect(409)).body).toEqual({ message: 'Order is already paid' });
  });

  it("lets only the order's customer pay it: another customer's order is not found", async () => {
    const order = await confirmedOrder();
    const capture = await buyer.pay('110.01', { customId: order._id });
    const stranger = await orders.customer();
    expect((await payStatus(order._id, { id: capture.id }, stranger).expect(404)).body).toEqual({ message: 'Order not found' });
    expect((await payStatus(order._id, { id: capture.id }, orders.admin).expect(404)).body).toEqual({ message: 'Order not found' });
    expect((await readOrder(orders, casey, order._id)).isPaid).toBe(false);
  });

  it('refuses a payment report without a PayPal order id', async () => {
    const order = await confirmedOrder();
    expect((await payStatus(order._id, { status: 'COMPLETED' }).expect(400)).body).toEqual({ message: 'id must be a PayPal order id' });
    expect((await payStatus(order._id, { id: '../../v1/oauth2/token' }).expect(400)).body).toEqual({ message: 'id must be a PayPal order id' });
    expect((await payStatus(order._id, { id: 42 }).expect(400)).body).toEqual({ message: 'id must be a PayPal order id' });
    const notAnObject = await request(orders.http).put(`/api/orders/${order._id}/pay_status`).set(casey.headers).set('content-type', 'application/json').send('["x"]');
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body).toEqual({ message: 'The body must be the PayPal payment result (an object)' });
  });

  it("accepts PayPal's whole capture result as its script gives it, and still asks PayPal", async () => {
    const order = await confirmedOrder();
    const capture = await buyer.pay('110.01', { customId: order._id });
    // Every field PayPal answers (purchase_units, links, payment_source…), plus one PayPal might add some day.
    const response = await payStatus(order._id, { ...capture, some_future_field: { nested: true } }).expect(200);
    expect((response.body as OrderDto).isPaid).toBe(true);
    const forged = await confirmedOrder();
    expect((await payStatus(forged._id, { ...capture, id: '9XK01234AB5678901', status: 'COMPLETED' }).expect(400)).body).toEqual({ message: 'Payment not found' });
  });

  it('opens the PayPal payment on the server (amount and order id from the shop), then captures it itself once the buyer approved', async () => {
    const order = await confirmedOrder();
    const opened = (await openPayment(order._id).expect(201)).body as { id: string };
    expect((await openPayment(order._id).expect(201)).body).toEqual(opened);
    const [unit] = (await buyer.show(opened.id)).purchase_units;
    expect(unit).toMatchObject({ custom_id: order._id, invoice_id: order._id, amount: { currency_code: 'USD', value: '110.01' } });

    paypal.approve(opened.id, { email_address: 'casey.payer@example.com' });
    const paid = (await payStatus(order._id, { id: opened.id }).expect(200)).body as OrderDto;
    expect(paid).toMatchObject({ isPaid: true, paymentResult: { id: opened.id, status: 'COMPLETED', email_address: 'casey.payer@example.com' } });
    expect((await payStatus(order._id, { id: opened.id }).expect(200)).body).toEqual(paid);
    expect(await paidEventsOf(order._id)).toHaveLength(1);
  });

  it("refuses to open a payment of another customer's order or of a paid order", async () => {
    const order = await confirmedOrder();
    const stranger = await orders.customer();
    expect((await openPayment(order._id, stranger).expect(404)).body).toEqual({ message: 'Order not found' });
    await payStatus(order._id, { id: (await buyer.pay('110.01', { customId: order._id })).id }).expect(200);
    expect((await openPayment(order._id).expect(409)).body).toEqual({ message: 'Order is already paid' });
  });

  it('accepts the payer email at the top level too, as the stored payment result has it', async () => {
    const order = await confirmedOrder();
    const capture = await buyer.pay('110.01', { customId: order._id });
    const response = await payStatus(order._id, { id: capture.id, status: 'COMPLETED', update_time: capture.update_time, email_address: 'x@example.com' }).expect(200);
    expect((response.body as OrderDto).paymentResult?.email_address).toBe('buyer@example.com');
  });

  it('asks PayPal for a token once and reuses it until it expires', async () => {
    const tokenRequests = paypalRequests.filter((entry) => entry.method === 'POST' && entry.url === '/v1/oauth2/token');
    expect(tokenRequests).toHaveLength(1);
    expect(paypalRequests.filter((entry) => entry.method === 'GET' && entry.url.startsWith('/v2/checkout/orders/')).length).toBeGreaterThan(5);
  });

  describe('delivery', () => {
    it('lets an admin mark a paid order delivered, once, and says so', async () => {
      const order = await confirmedOrder();
      const paid = (await payStatus(order._id, { id: (await buyer.pay('110.01', { customId: order._id })).id }).expect(200)).body as OrderDto;
      const deliver = (as: TestUser) => request(orders.http).put(`/api/orders/${order._id}/delivery_status`).set(as.headers).send({});

      expect((await deliver(casey).expect(403)).body).toEqual({ message: 'Not authorized as an admin' });
      const delivered = (await deliver(orders.admin).expect(200)).body as OrderDto;
      expect(delivered).toEqual({ ...paid, isDelivered: true, deliveredAt: expect.any(String) });
      expect(await readOrder(orders, casey, order._id)).toEqual(delivered);

      const again = (await deliver(orders.admin).expect(200)).body as OrderDto;
      expect(again.deliveredAt).toBe(delivered.deliveredAt);

      await orders.app.get(OutboxRelay).flush();
      const events = await orders.stream.of(Subjects.OrderDelivered, (data) => data.orderId === order._id);
      expect(events.map((event) => event.data)).toEqual([{ orderId: order._id, userId: casey.claims.sub, deliveredAt: delivered.deliveredAt }]);
      // Every event the orders service published on the way (placed, confirmed, paid, delivered) keeps its contract.
      expect(producedContractProblems('orders', await orders.stream.all())).toEqual([]);
    });

    it('refuses fields in the delivery body', async () => {
      const order = await confirmedOrder();
      const response = await request(orders.http).put(`/api/orders/${order._id}/delivery_status`).set(orders.admin.headers).send({ isDelivered: true });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'property isDelivered should not exist' });
    });
  });
});
