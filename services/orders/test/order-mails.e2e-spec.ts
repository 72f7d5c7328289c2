import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Subjects, type EventEnvelope, type OrderDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { startPayPalStandIn, type PayPalStandIn } from '@shop/paypal-stand-in';
import { eventually } from '@shop/testing';
import { answerStock, confirmedOrder, placeOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';
import { PayPalBuyer } from './support/paypal-buyer.js';

interface MailRow {
  key: string;
  to_address: string;
  to_name: string;
  subject: string;
  text: string;
  html: string;
}

/** The customer's mails of their order: recorded once per event, with the event's handling (issue 26). */
describe('orders: order mails', () => {
  let paypal: PayPalStandIn;
  let orders: TestOrders;
  let casey: TestUser;
  const name = 'Casey <i>Customer</i>';

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ clientId: 'orders-test', clientSecret: 'orders-secret', testEndpoints: true });
    orders = await startOrders({ PAYPAL_API_BASE: paypal.url, PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PUBLIC_URL: 'https://shop.test/' });
    casey = await orders.customer(name);
    await orders.user({ id: casey.claims.sub, name, email: casey.claims.email, isAdmin: false, sessionVersion: 1 });
  });

  afterAll(async () => {
    await orders?.close();
    await paypal?.close();
  });

  const mailsOf = (orderId: string): Promise<MailRow[]> =>
    orders.dataSource.query(`SELECT key, to_address, to_name, subject, text, html FROM mail_outbox WHERE key LIKE $1 ORDER BY created_at`, [`%:${orderId}`]);

  const mailOf = (subject: string, orderId: string): Promise<MailRow> =>
    eventually(async () => (await mailsOf(orderId)).find((mail) => mail.key === `${subject}:${orderId}`), 15_000, `the ${subject} mail of ${orderId}`);

  /** Publishes an event of the stream again, as a redelivery would bring it: the same event id, a new message. */
  const redeliver = <S extends 'order.confirmed' | 'order.paid'>(event: EventEnvelope<S>) =>
    orders.stream.publish(event.subject, event.data, { id: event.id, occurredAt: event.occurredAt, msgId: randomUUID() });

  /** Waits until the mail consumer has recorded the event as handled. */
  const handled = (eventId: string) =>
    eventually(async () => {
      const rows: unknown[] = await orders.dataSource.query(`SELECT 1 FROM processed_event WHERE consumer LIKE '%\\_mail' AND event_id = $1`, [eventId]);
      return rows.length > 0 ? true : undefined;
    }, 15_000, `event ${eventId} handled by orders/mail`);

  async function pay(order: OrderDto): Promise<void> {
    const buyer = new PayPalBuyer(paypal);
    const capture = await buyer.pay(order.totalPrice.toFixed(2), { customId: order._id });
    await request(orders.http).put(`/api/orders/${order._id}/pay_status`).set(casey.headers).send({ id: capture.id }).expect(200);
  }

  it('mails the confirmed and paid order once each, even when their events are delivered again', async () => {
    const order = await confirmedOrder(orders, casey);
    const confirmed = await mailOf('order.confirmed', order._id);
    expect(confirmed).toMatchObject({ to_address: casey.claims.email, to_name: name, subject: `Your order ${order._id} is confirmed` });
    expect(confirmed.text).toContain('1 x Test product at $100.01 = $100.01');
    expect(confirmed.text).toContain('Total: $110.01');
    expect(confirmed.text).toContain(`https://shop.test/order/${order._id}`);
    // The customer's name is their own text: escaped in the HTML.
    expect(confirmed.html).toContain('Casey &lt;i&gt;Customer&lt;/i&gt;');
    expect(confirmed.html).not.toContain('<i>Customer');
    expect(confirmed.html).toContain(`href="https://shop.test/order/${order._id}"`);

    await pay(order);
    const paid = await mailOf('order.paid', order._id);
    expect(paid.subject).toBe(`We received your payment for order ${order._id}`);
    expect(paid.text).toContain('Your payment of $110.01 was received');

    await orders.app.get(OutboxRelay).flush();
    const [confirmedEvent] = await orders.stream.of(Subjects.OrderConfirmed, (data) => data.orderId === order._id);
    const [paidEvent] = await orders.stream.of(Subjects.OrderPaid, (data) => data.orderId === order._id);
    await redeliver(confirmedEvent);
    await redeliver(paidEvent);
    // Even handled anew (its record of handled events lost), an event mails once: the mail's key is the event's subject and order.
    await handled(paidEvent.id);
    await orders.dataSource.query(`DELETE FROM processed_event WHERE event_id = ANY($1::uuid[])`, [[confirmedEvent.id, paidEvent.id]]);
    await redeliver(confirmedEvent);
    await redeliver(paidEvent);
    await handled(confirmedEvent.id);
    await handled(paidEvent.id);
    expect((await mailsOf(order._id)).map((mail) => mail.key)).toEqual([`order.confirmed:${order._id}`, `order.paid:${order._id}`]);
  });

  it('mails each of a run of orders confirmed together once, the run read and recorded together, an event twice in it mailed once', async () => {
    const product = await orders.product({ priceCents: 20_00 });
    const placed = await Promise.all(Array.from({ length: 8 }, () => placeOrder(orders, casey, [{ product: product.id, quantity: 2 }])));
    await orders.app.get(OutboxRelay).flush();
    await Promise.all(placed.map((order) => orders.stream.waitFor(Subjects.OrderPlaced, (data) => data.orderId === order._id)));
    // The stock answers arrive together, so the orders are confirmed together and their order.confirmed
    // events reach the mail consumer as one run; one of them comes twice.
    await Promise.all(placed.map((order) => orders.stream.publish(Subjects.StockReserved, { orderId: order._id })));
    const [first] = await orders.stream.waitFor(Subjects.OrderConfirmed, (data) => data.orderId === placed[0]._id);
    await redeliver(first);
    for (const order of placed) {
      const mail = await mailOf('order.confirmed', order._id);
      expect(mail.subject).toBe(`Your order ${order._id} is confirmed`);
      expect(mail.text).toContain('2 x Test product at $20.00 = $40.00');
    }
    await handled(first.id);
    for (const order of placed) expect(await mailsOf(order._id)).toHaveLength(1);
  });

  it('mails a delivered order', async () => {
    const order = await confirmedOrder(orders, casey);
    await pay(order);
    await request(orders.http).put(`/api/orders/${order._id}/delivery_status`).set(orders.admin.headers).send().expect(200);
    const delivered = await mailOf('order.delivered', order._id);
    expect(delivered.subject).toBe(`Your order ${order._id} was delivered`);
  });

  it('mails a cancelled order with its reason', async () => {
    const product = await orders.product({ name: 'Rare <b>thing</b>', priceCents: 12_50 });
    const placed = await placeOrder(orders, casey, [{ product: product.id, quantity: 2 }]);
    await answerStock(orders, casey, placed, { productId: product.id, productName: product.name, reason: 'Rare <b>thing</b> is out of stock' });
    const cancelled = await mailOf('order.cancelled', placed._id);
    expect(cancelled.subject).toBe(`Your order ${placed._id} was cancelled`);
    expect(cancelled.text).toContain('is out of stock');
    expect(cancelled.text).toContain('2 x Rare <b>thing</b> at $12.50 = $25.00');
    expect(cancelled.html).toContain('Rare &lt;b&gt;thing&lt;/b&gt;');
    expect(cancelled.html).not.toContain('<b>thing');
  });

  it('mails a refunded order, and one cancelled by an admin', async () => {
    const paid = await confirmedOrder(orders, casey);
    await pay(paid);
    await request(orders.http).put(`/api/orders/${paid._id}/refund`).set(orders.admin.headers).send().expect(200);
    const refunded = await mailOf('order.refunded', paid._id);
    expect(refunded.subject).toBe(`Your payment for order ${paid._id} was refunded`);
    expect(refunded.text).toContain('We refunded your payment of $110.01 on ');
    const unpaid = await confirmedOrder(orders, casey);
    await request(orders.http).put(`/api/orders/${unpaid._id}/cancel`).set(orders.admin.headers).send().expect(200);
    expect((await mailOf('order.cancelled', unpaid._id)).text).toContain('Your order was cancelled: Cancelled by the shop. Nothing was charged.');
  });

  it('mails nobody about an event older than a day (a new consumer reading the stream from its start)', async () => {
    const order = await confirmedOrder(orders, casey);
    await mailOf('order.confirmed', order._id);
    const old = await orders.stream.publish(Subjects.OrderPaid, {
      orderId: order._id,
      userId: casey.claims.sub,
      totalCents: 110_01,
      paidAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    }, { occurredAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    await handled(old.id);
    expect((await mailsOf(order._id)).map((mail) => mail.key)).toEqual([`order.confirmed:${order._id}`]);
  });
});
