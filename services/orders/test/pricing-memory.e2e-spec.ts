import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import request from 'supertest';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import { Subjects } from '@shop/contracts';
import { eventually } from '@shop/testing';
import { OrderOutcomes } from '../src/orders/placing/order-outcomes.js';
import { PricingMemory } from '../src/orders/placing/pricing-memory.js';
import { orderBody, placeOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';

/**
 * A placement is priced from memory what an earlier one read of the copies (issue 23: one statement
 * per order instead of two), and never from what the copies no longer say once their change is heard.
 */
describe('orders: placements priced from memory, never from a replaced copy', () => {
  let orders: TestOrders;
  let buyer: TestUser;
  let reads: number;

  beforeAll(async () => {
    orders = await startOrders();
    buyer = await orders.customer('Morgan Memory');
    await orders.user({ id: buyer.claims.sub, name: 'Morgan Memory', email: buyer.claims.email, isAdmin: false, sessionVersion: 1 });
    // Every statement of the app goes through a PostgresQueryRunner: count the reads of the copies.
    reads = 0;
    const query = PostgresQueryRunner.prototype.query;
    jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (this: PostgresQueryRunner, ...args: Parameters<PostgresQueryRunner['query']>) {
      if (/FROM \(SELECT \$2::uuid AS id\) AS buyer/.test(args[0])) reads++;
      return query.apply(this, args);
    });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await orders?.close();
  });

  it('reads the copies once, then prices from memory', async () => {
    const lamp = await orders.product({ name: 'Memory lamp', priceCents: 20_00 });
    const first = await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 1 }]);
    const before = reads;
    const again = await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 2 }]);
    expect(reads - before).toBe(0);
    expect(again.orderItems).toEqual([{ ...first.orderItems[0], _id: expect.any(String), quantity: 2 }]);
    expect(again.user).toEqual(first.user);
    expect(again.user).toEqual({ _id: buyer.claims.sub, name: 'Morgan Memory', email: buyer.claims.email });
  });

  it('prices at the new price, name and image once the copy changed', async () => {
    const lamp = await orders.product({ name: 'Changing lamp', image: '/uploads/a.png', priceCents: 30_00 });
    await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 1 }]);
    expect(orders.app.get(PricingMemory).remembers({ productId: lamp.id })).toBe(true);

    await orders.product({ ...lamp, name: 'Changed lamp', image: '/uploads/b.png', priceCents: 35_00 }, { subject: Subjects.ProductUpdated });
    const placed = await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 1 }]);
    expect(placed.orderItems).toEqual([expect.objectContaining({ name: 'Changed lamp', image: '/uploads/b.png', price: 35 })]);
    expect(placed.itemsPrice).toBe(35);
  });

  it('refuses a product deleted since it was remembered', async () => {
    const lamp = await orders.product({ name: 'Doomed lamp' });
    await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 1 }]);
    await orders.stream.publish(Subjects.ProductDeleted, { id: lamp.id });
    await eventually(async () => (orders.app.get(PricingMemory).remembers({ productId: lamp.id }) ? undefined : true), 10_000, 'the deletion heard');
    const refused = await request(orders.http).post('/api/orders').set(buyer.headers).send(orderBody([{ product: lamp.id, quantity: 1 }])).expect(400);
    expect(refused.body.message).toBe(`Product not found: ${lamp.id}`);
  });

  it('names the buyer as renamed once the copy changed', async () => {
    const lamp = await orders.product({ name: 'Naming lamp' });
    await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 1 }]);
    await orders.user({ id: buyer.claims.sub, name: 'Morgan Renamed', email: buyer.claims.email, isAdmin: false, sessionVersion: 1 }, { subject: Subjects.UserUpdated });
    const placed = await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 1 }]);
    expect(placed.user.name).toBe('Morgan Renamed');
  });

  it('does not remember a buyer the copy does not know yet', async () => {
    const newcomer = await orders.customer('Nico Newcomer');
    const lamp = await orders.product({ name: 'Welcome lamp' });
    await placeOrder(orders, newcomer, [{ product: lamp.id, quantity: 1 }]);
    expect(orders.app.get(PricingMemory).remembers({ buyerId: newcomer.claims.sub })).toBe(false);
    await orders.user({ id: newcomer.claims.sub, name: 'Nico Newcomer', email: newcomer.claims.email, isAdmin: false, sessionVersion: 1 });
    const placed = await placeOrder(orders, newcomer, [{ product: lamp.id, quantity: 1 }]);
    expect(placed.user).toEqual({ _id: newcomer.claims.sub, name: 'Nico Newcomer', email: newcomer.claims.email });
  });

  it('forgets everything when the listening connection is lost, and reads the copies meanwhile', async () => {
    const lamp = await orders.product({ name: 'Deaf lamp' });
    await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 1 }]);
    const outcomes = orders.app.get(OrderOutcomes);
    const epoch = outcomes.epoch;
    await orders.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE '%-outcomes'`,
    );
    await eventually(async () => (outcomes.epoch > epoch ? true : undefined), 10_000, 'the listener to be back');
    expect(orders.app.get(PricingMemory).remembers({ productId: lamp.id })).toBe(false);
    const before = reads;
    await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 1 }]);
    expect(reads - before).toBe(1);
  });

  it('refuses an unknown product as before, and remembers nothing of it', async () => {
    const unknown = randomUUID();
    const refused = await request(orders.http).post('/api/orders').set(buyer.headers).send(orderBody([{ product: unknown, quantity: 1 }])).expect(400);
    expect(refused.body.message).toBe(`Product not found: ${unknown}`);
    expect(orders.app.get(PricingMemory).remembers({ productId: unknown })).toBe(false);
  });
});
