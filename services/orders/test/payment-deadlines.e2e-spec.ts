import request from 'supertest';
import { Subjects, type OrderDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { eventually } from '@shop/testing';
import { startPayPalStandIn, type PayPalStandIn, type RequestLogEntry } from '@shop/paypal-stand-in';
import { PaymentDeadlines } from '../src/orders/lifecycle/payment-deadlines.js';
import { answerStock, placeOrder, readOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';

/**
 * PAYMENT_HOLD of 2 s and a PayPal timeout of 250 ms (a sweep waits twice that after a deadline):
 * an unpaid order is cancelled some 2.5 s after its confirmation.
 */
describe('orders: a confirmed order that is not paid in PAYMENT_HOLD is cancelled and its stock released', () => {
  let paypal: PayPalStandIn;
  let orders: TestOrders;
  let casey: TestUser;
  const paypalRequests: RequestLogEntry[] = [];

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ clientId: 'hold-test', clientSecret: 'hold-secret', onRequest: (entry) => paypalRequests.push(entry) });
    orders = await startOrders({
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYMENT_HOLD: '2s',
      PAYPAL_TIMEOUT_MS: '250',
    });
    casey = await orders.customer('Casey Customer');
  });

  afterAll(async () => {
    await orders?.close();
    await paypal?.close();
  });

  async function confirmedOrder(): Promise<OrderDto> {
    const product = await orders.product();
    return answerStock(orders, casey, await placeOrder(orders, casey, [{ product: product.id, quantity: 3 }]));
  }

  async function cancelledEventsOf(orderId: string) {
    await orders.app.get(OutboxRelay).flush();
    return orders.stream.of(Subjects.OrderCancelled, (data) => data.orderId === orderId);
  }

  const waitUntilPast = (deadline: string) => new Promise((resolve) => setTimeout(resolve, new Date(deadline).getTime() - Date.now() + 50));

  it('shows until when the order can be paid, then cancels it with "Payment not received in time" and tells the catalog once', async () => {
    const order = await confirmedOrder();
    expect(new Date(order.payableUntil as string).getTime() - Date.now()).toBeLessThanOrEqual(2_000);

    const cancelled = await eventually(
      async () => {
        const now = await readOrder(orders, casey, order._id);
        return now.status === 'cancelled' ? now : undefined;
      },
      10_000,
      'the unpaid order cancelled',
    );
    expect(cancelled).toEqual({ ...order, status: 'cancelled', cancelReason: 'Payment not received in time', cancelledAt: expect.any(String), payableUntil: undefined });
    // More sweeps come and go: the catalog hears of the cancellation once, and releases the stock once.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const events = await cancelledEventsOf(order._id);
    expect(events.map((event) => event.data)).toEqual([{ orderId: order._id, userId: casey.claims.sub, reason: 'Payment not received in time' }]);
  });

  it('refuses to open or take a payment after the deadline, with a message, and asks PayPal for nothing', async () => {
    const order = await confirmedOrder();
    const opened = await request(orders.http).post(`/api/orders/${order._id}/paypal`).set(casey.headers).send().expect(201);
    paypal.approve(opened.body.id, { email_address: 'casey.payer@example.com' });
    await waitUntilPast(order.payableUntil as string);
    const asked = paypalRequests.length;

    const late = 'The time to pay for this order has run out: payment not received in time';
    const open = await request(orders.http).post(`/api/orders/${order._id}/paypal`).set(casey.headers).send().expect(400);
    expect(open.body).toEqual({ message: late });
    const pay = await request(orders.http).put(`/api/orders/${order._id}/pay_status`).set(casey.headers).send({ id: opened.body.id }).expect(400);
    expect(pay.body.message).toMatch(/^(The time to pay for this order has run out: payment not received in time|Order was cancelled)$/);

    expect(paypalRequests.slice(asked)).toEqual([]);
    const after = await readOrder(orders, casey, order._id);
    expect(after.isPaid).toBe(false);
  });

  it('never cancels a paid order', async () => {
    const order = await confirmedOrder();
    const opened = await request(orders.http).post(`/api/orders/${order._id}/paypal`).set(casey.headers).send().expect(201);
    paypal.approve(opened.body.id, { email_address: 'casey.payer@example.com' });
    const paid = await request(orders.http).put(`/api/orders/${order._id}/pay_status`).set(casey.headers).send({ id: opened.body.id }).expect(200);
    expect(paid.body).toMatchObject({ status: 'confirmed', isPaid: true });
    expect(paid.body.payableUntil).toBeUndefined();

    await waitUntilPast(order.payableUntil as string);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await orders.app.get(PaymentDeadlines).sweep();
    expect(await readOrder(orders, casey, order._id)).toMatchObject({ status: 'confirmed', isPaid: true });
    expect(await cancelledEventsOf(order._id)).toEqual([]);
  });

  it('cancels each due order exactly once when several replicas sweep at the same moment', async () => {
    const due = await Promise.all(Array.from({ length: 12 }, () => confirmedOrder()));
    // The sweeps of three replicas at once, each a fresh transaction against one database.
    const deadlines = orders.app.get(PaymentDeadlines);
    const later = new Date(Date.now() + 60_000);
    const counts = await Promise.all([deadlines.sweep(later), deadlines.sweep(later), deadlines.sweep(later)]);

    const ids = new Set(due.map((order) => order._id));
    await orders.app.get(OutboxRelay).flush();
    const events = await orders.stream.of(Subjects.OrderCancelled, (data) => ids.has(data.orderId));
    expect(events).toHaveLength(due.length);
    expect(new Set(events.map((event) => event.data.orderId))).toEqual(ids);
    // The background sweep may have taken some of them too; together every order was taken once.
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(due.length);
  });
});
