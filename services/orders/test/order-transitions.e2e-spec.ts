import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Subjects, type OrderDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { startPayPalStandIn, type PayPalStandIn, type RequestLogEntry } from '@shop/paypal-stand-in';
import { eventually, producedContractProblems } from '@shop/testing';
import { PaymentRefunds } from '../src/orders/paying/payment-refunds.js';
import { confirmedOrder as confirmedOrderOf, orderBecomes, placeOrder, readOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';
import { PayPalBuyer } from './support/paypal-buyer.js';

describe("orders: an admin cancels an unpaid order and refunds a paid one, through the order's state machine", () => {
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

  const confirmedOrder = (): Promise<OrderDto> => confirmedOrderOf(orders, casey);
  const act = (orderId: string, action: 'cancel' | 'refund' | 'delivery_status', as: TestUser = orders.admin) =>
    request(orders.http).put(`/api/orders/${orderId}/${action}`).set(as.headers).send();

  async function paidOrder(): Promise<OrderDto> {
    const order = await confirmedOrder();
    const capture = await buyer.pay('110.01', { customId: order._id });
    return (await request(orders.http).put(`/api/orders/${order._id}/pay_status`).set(casey.headers).send({ id: capture.id }).expect(200)).body as OrderDto;
  }

  async function eventsOf<S extends 'order.cancelled' | 'order.refunded'>(subject: S, orderId: string) {
    await orders.app.get(OutboxRelay).flush();
    return orders.stream.of(subject, (data) => data.orderId === orderId);
  }

  const adminActor = () => ({ _id: orders.admin.claims.sub, name: orders.admin.claims.name });

  describe('cancel', () => {
    it('cancels a confirmed, unpaid order: when and by whom, its stock back through order.cancelled, once', async () => {
      const order = await confirmedOrder();
      const { body } = await act(order._id, 'cancel').expect(200);
      expect(body).toEqual({
        ...order,
        status: 'cancelled',
        cancelReason: 'Cancelled by the shop',
        cancelledAt: expect.any(String),
        cancelledBy: adminActor(),
        payableUntil: undefined,
      });
      expect(await readOrder(orders, casey, order._id)).toMatchObject({ status: 'cancelled', cancelledBy: adminActor(), cancelledAt: body.cancelledAt });
      const events = await eventsOf(Subjects.OrderCancelled, order._id);
      expect(events.map((event) => event.data)).toEqual([{ orderId: order._id, userId: casey.claims.sub, reason: 'Cancelled by the shop' }]);
      expect(producedContractProblems('orders', events)).toEqual([]);
    });

    it('refuses to cancel twice, and the buyer can no longer pay it', async () => {
      const order = await confirmedOrder();
      await act(order._id, 'cancel').expect(200);
      expect((await act(order._id, 'cancel').expect(400)).body).toEqual({ message: 'Order was cancelled' });
      expect((await request(orders.http).post(`/api/orders/${order._id}/paypal`).set(casey.headers).send().expect(400)).body).toEqual({ message: 'Order was cancelled' });
      expect(await eventsOf(Subjects.OrderCancelled, order._id)).toHaveLength(1);
    });

    it('cancels an order still waiting for its stock, and a late stock answer leaves it cancelled', async () => {
      const product = await orders.product({ priceCents: 5_00 });
      const order = await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]);
      await act(order._id, 'cancel').expect(200);
      await orders.stream.publish(Subjects.StockReserved, { orderId: order._id });
      await orders.app.get(OutboxRelay).flush();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await readOrder(orders, casey, order._id)).status).toBe('cancelled');
    });

    it('refuses a paid order: it is refunded, not cancelled', async () => {
      const order = await paidOrder();
      expect((await act(order._id, 'cancel').expect(400)).body).toEqual({ message: 'A paid order is refunded, not cancelled' });
      expect((await readOrder(orders, casey, order._id)).isPaid).toBe(true);
    });

    it('refuses while a payment of the order is under way', async () => {
      const order = await confirmedOrder();
      await orders.dataSource.query(`INSERT INTO payment_attempt (paypal_order_id, order_id, started_at) VALUES ($1, $2, now())`, [`PAY-${randomUUID()}`, order._id]);
      expect((await act(order._id, 'cancel').expect(409)).body.message).toMatch(/payment of this order is under way/);
      expect((await readOrder(orders, casey, order._id)).status).toBe('confirmed');
    });
  });

  describe('refund', () => {
    it("refunds a paid, undelivered order through PayPal's refund API: when and by whom, order.refunded with its stock back", async () => {
      const order = await paidOrder();
      const { body } = await act(order._id, 'refund').expect(200);
      expect(body).toMatchObject({ _id: order._id, status: 'refunded', isPaid: true, paidAt: order.paidAt, refundedAt: expect.any(String), refundedBy: adminActor() });
      const refund = await eventually(async () => {
        const [made] = (await readOrder(orders, orders.admin, order._id)).refunds ?? [];
        return made?.status === 'completed' ? made : undefined;
      }, 10_000, 'the refund to be made');
      expect(refund).toMatchObject({ captureId: order.paymentResult?.id ? expect.any(String) : undefined, amount: 110.01, currency: 'USD', reason: 'Refunded by the shop' });
      expect(paypalRequests.filter((entry) => /\/v2\/payments\/captures\/[^/]+\/refund$/.test(entry.url))).toHaveLength(1);
      const events = await eventsOf(Subjects.OrderRefunded, order._id);
      expect(events.map((event) => event.data)).toEqual([
        { orderId: order._id, userId: casey.claims.sub, totalCents: 110_01, refundedAt: body.refundedAt, restock: true },
      ]);
      expect(producedContractProblems('orders', events)).toEqual([]);
      // The buyer sees it refunded; only admins see the refunds list.
      const seen = await readOrder(orders, casey, order._id);
      expect(seen).toMatchObject({ status: 'refunded', refundedBy: adminActor() });
      expect(seen.refunds).toBeUndefined();
    });

    it('refunds a delivered order without giving stock back, and nothing moves a refunded order any more', async () => {
      const order = await paidOrder();
      await act(order._id, 'delivery_status').expect(200);
      await act(order._id, 'refund').expect(200);
      const [event] = await eventsOf(Subjects.OrderRefunded, order._id);
      expect(event?.data.restock).toBe(false);
      expect((await act(order._id, 'refund').expect(400)).body).toEqual({ message: 'Order was refunded' });
      expect((await act(order._id, 'cancel').expect(400)).body).toEqual({ message: 'Order was refunded' });
      expect((await readOrder(orders, casey, order._id)).isDelivered).toBe(true);
    });

    it('refuses an unpaid order (cancel it instead), and a paid order cannot be refunded twice at once', async () => {
      const unpaid = await confirmedOrder();
      expect((await act(unpaid._id, 'refund').expect(400)).body).toEqual({ message: 'Order is not paid: cancel it instead' });
      const order = await paidOrder();
      const answers = await Promise.all([act(order._id, 'refund'), act(order._id, 'refund')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expect(await eventsOf(Subjects.OrderRefunded, order._id)).toHaveLength(1);
      await orders.app.get(PaymentRefunds).sweep();
      const refunds = (await readOrder(orders, orders.admin, order._id)).refunds ?? [];
      expect(refunds).toHaveLength(1);
    });

    it('no longer delivers a refunded order', async () => {
      const order = await paidOrder();
      await act(order._id, 'refund').expect(200);
      expect((await act(order._id, 'delivery_status').expect(400)).body).toEqual({ message: 'Order was refunded' });
    });
  });

  describe('who may', () => {
    it('keeps cancel and refund from customers (403), guests (401), unknown orders (404) and bodies (400)', async () => {
      const order = await confirmedOrder();
      for (const action of ['cancel', 'refund'] as const) {
        expect((await act(order._id, action, casey).expect(403)).body).toEqual({ message: 'Not authorized as an admin' });
        expect((await request(orders.http).put(`/api/orders/${order._id}/${action}`).send().expect(401)).body).toEqual({ message: 'Not authorized, no token' });
        expect((await act(randomUUID(), action).expect(404)).body).toEqual({ message: 'Order not found' });
        await request(orders.http).put(`/api/orders/${order._id}/${action}`).set(orders.admin.headers).send({ status: 'refunded' }).expect(400);
      }
      await orderBecomes(orders, casey, order._id, 'confirmed');
    });
  });
});
