import { jest } from '@jest/globals';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import { Subjects, type OrderDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { OrderWrites } from '../src/orders/placing/order-writes.js';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Order } from '../src/orders/order.entity.js';
import { placeOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';

/**
 * Placements that arrive while an order is being stored are stored together, in one statement, and
 * each is stored exactly as alone (issue 23: under a crowd a statement per order was the orders
 * process's largest cost); an order that cannot be stored fails alone.
 */
describe('orders: placements stored together', () => {
  let orders: TestOrders;
  let buyers: TestUser[];
  let inserts: number;

  beforeAll(async () => {
    orders = await startOrders();
    buyers = await Promise.all(Array.from({ length: 3 }, (_, n) => orders.customer(`Buyer ${n}`)));
    for (const buyer of buyers) await orders.user({ id: buyer.claims.sub, name: buyer.claims.name, email: buyer.claims.email, isAdmin: false, sessionVersion: 1 });
    inserts = 0;
    const query = PostgresQueryRunner.prototype.query;
    jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (this: PostgresQueryRunner, ...args: Parameters<PostgresQueryRunner['query']>) {
      if (/INSERT INTO customer_order/.test(args[0])) inserts++;
      return query.apply(this, args);
    });
  });

  const adminReadOrder = async (id: string): Promise<OrderDto> =>
    (await request(orders.http).get(`/api/orders/${id}`).set(orders.admin.headers).expect(200)).body as OrderDto;

  afterAll(async () => {
    jest.restoreAllMocks();
    await orders?.close();
  });

  it('stores 30 simultaneous placements in fewer statements, each order whole, each with its own order.placed', async () => {
    const lamp = await orders.product({ name: 'Batch lamp', priceCents: 12_00 });
    const mug = await orders.product({ name: 'Batch mug', priceCents: 3_50 });
    const before = inserts;
    const placed = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        placeOrder(orders, buyers[n % 3], [
          { product: lamp.id, quantity: 1 + (n % 4) },
          { product: mug.id, quantity: 2 },
        ]),
      ),
    );
    expect(inserts - before).toBeLessThan(30);
    expect(new Set(placed.map((order) => order._id)).size).toBe(30);
    for (const [n, order] of placed.entries()) {
      expect(order.user._id).toBe(buyers[n % 3].claims.sub);
      expect(order.orderItems.map((item) => [item.name, item.quantity, item.price])).toEqual([
        ['Batch lamp', 1 + (n % 4), 12],
        ['Batch mug', 2, 3.5],
      ]);
      // Stored as answered.
      expect(await adminReadOrder(order._id)).toEqual(order);
    }
    await orders.app.get(OutboxRelay).flush();
    const events = await orders.stream.waitFor(Subjects.OrderPlaced, (data) => placed.some((order) => order._id === data.orderId), 30);
    expect(events).toHaveLength(30);
    for (const order of placed) {
      const [event] = events.filter((e) => e.data.orderId === order._id);
      expect(event.data.userId).toBe(order.user._id);
    }
  });

  it('fails only the order that cannot be stored; the others of its statement are stored', async () => {
    const lamp = await orders.product({ name: 'Lone lamp' });
    const writes = orders.app.get(OrderWrites);
    const good = await placeOrder(orders, buyers[0], [{ product: lamp.id, quantity: 1 }]);
    expect(good.status).toBe('pending');
    // Three orders reach the writer together; the second is one that breaks a constraint (its total does not add up).
    const order = (id: string, totalCents: number): Order => ({
      id,
      userId: buyers[1].claims.sub,
      customer: null,
      userName: 'Buyer 1',
      userEmail: buyers[1].claims.email,
      items: [{ id: randomUUID(), order: undefined as never, position: 0, productId: lamp.id, name: 'Lone lamp', image: '/x.png', priceCents: 10_00, quantity: 1 }],
      shippingAddress: '1 Main Street',
      shippingCity: 'Springfield',
      shippingPostalCode: '12345',
      shippingCountry: 'USA',
      paymentGateway: 'PayPal',
      itemsCents: 10_00,
      shippingCents: 0,
      taxCents: 0,
      totalCents,
      state: 'awaiting-stock',
      cancelReason: null,
      payableUntil: null,
      paidAt: null,
      paypalOrderId: null,
      paypalCaptureId: null,
      paymentResult: null,
      deliveredAt: null,
      cancelledAt: null,
      cancelledById: null,
      cancelledByName: null,
      refundedAt: null,
      refundedById: null,
      refundedByName: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const outcomes = await Promise.allSettled(
      ids.map((id, n) => writes.store(order(id, n === 1 ? 1 : 10_00), { orderId: id, userId: buyers[1].claims.sub, items: [{ productId: lamp.id, quantity: 1 }] })),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored: { id: string }[] = await orders.dataSource.query(`SELECT id FROM customer_order WHERE id = ANY($1::uuid[]) ORDER BY id`, [ids]);
    expect(stored.map((row) => row.id).sort()).toEqual([ids[0], ids[2]].sort());
    const lines: { order_id: string }[] = await orders.dataSource.query(`SELECT order_id FROM order_item WHERE order_id = ANY($1::uuid[])`, [ids]);
    expect(lines.map((row) => row.order_id).sort()).toEqual([ids[0], ids[2]].sort());
    await orders.app.get(OutboxRelay).flush();
    await orders.stream.waitFor(Subjects.OrderPlaced, (data) => data.orderId === ids[0] || data.orderId === ids[2], 2);
    expect(await orders.stream.of(Subjects.OrderPlaced, (data) => data.orderId === ids[1])).toEqual([]);
  });
});
