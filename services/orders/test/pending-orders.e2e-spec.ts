import { jest } from '@jest/globals';
import request from 'supertest';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import { Subjects, type OrderDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { eventually } from '@shop/testing';
import { OrderOutcomes } from '../src/orders/placing/order-outcomes.js';
import { placeOrder, readOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';

/**
 * A customer whose page asks for a just-placed order again and again is answered from memory while
 * it is pending (issue 23: 50 customers polling every 20 ms sank the pipeline), and the answer is
 * the database's to the byte: an admin's read, which always goes to the database, says the same.
 */
describe('orders: a pending order is read from memory, never stale', () => {
  let orders: TestOrders;
  let buyer: TestUser;
  let productId: string;
  let statements: number;

  beforeAll(async () => {
    orders = await startOrders();
    buyer = await orders.customer('Pat Poller');
    await orders.user({ id: buyer.claims.sub, name: 'Pat Poller', email: buyer.claims.email, isAdmin: false, sessionVersion: 1 });
    productId = (await orders.product({ name: 'Polled product', priceCents: 12_34 })).id;
    // Every statement of the app goes through a PostgresQueryRunner: count those that read or write orders.
    statements = 0;
    const query = PostgresQueryRunner.prototype.query;
    jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (this: PostgresQueryRunner, ...args: Parameters<PostgresQueryRunner['query']>) {
      if (/customer_order|order_item/.test(args[0])) statements++;
      return query.apply(this, args);
    });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await orders?.close();
  });

  const adminRead = async (id: string): Promise<OrderDto> =>
    (await request(orders.http).get(`/api/orders/${id}`).set(orders.admin.headers).expect(200)).body as OrderDto;

  it('answers its customer from memory while pending, exactly as the database does, and no one else', async () => {
    const placed = await placeOrder(orders, buyer, [{ product: productId, quantity: 2 }]);
    expect(placed.status).toBe('pending');
    await readOrder(orders, buyer, placed._id); // the buyer's standing is looked up once a second at most
    const before = statements;
    for (let read = 0; read < 20; read++) expect(await readOrder(orders, buyer, placed._id, 'wait=0')).toEqual(placed);
    expect(statements - before).toBe(0);

    expect(await adminRead(placed._id)).toEqual(placed);
    const stranger = await orders.customer('Sam Stranger');
    const refused = await request(orders.http).get(`/api/orders/${placed._id}`).set(stranger.headers).expect(404);
    expect(refused.body).toEqual({ message: 'Order not found' });
  });

  it('reads the order from the database once its outcome is heard', async () => {
    const placed = await placeOrder(orders, buyer, [{ product: productId, quantity: 1 }]);
    expect(await readOrder(orders, buyer, placed._id)).toEqual(placed);
    await orders.app.get(OutboxRelay).flush();
    await orders.stream.waitFor(Subjects.OrderPlaced, (data) => data.orderId === placed._id);
    await orders.stream.publish(Subjects.StockReserved, { orderId: placed._id });
    const confirmed = await eventually(
      async () => {
        const order = await readOrder(orders, buyer, placed._id);
        return order.status === 'confirmed' ? order : undefined;
      },
      10_000,
      'the order to be confirmed',
    );
    expect(confirmed).toEqual(await adminRead(placed._id));
    expect(confirmed.payableUntil).toEqual(expect.any(String));
  });

  it("names the customer as renamed: a rename makes the customer's pending orders read again", async () => {
    const placed = await placeOrder(orders, buyer, [{ product: productId, quantity: 1 }]);
    expect((await readOrder(orders, buyer, placed._id)).user.name).toBe('Pat Poller');
    await orders.user(
      { id: buyer.claims.sub, name: 'Pat Renamed', email: buyer.claims.email, isAdmin: false, sessionVersion: 1 },
      { subject: Subjects.UserUpdated },
    );
    // The copy commits, then its announcement arrives: from then on the read is the database's.
    const renamed = await eventually(
      async () => {
        const order = await readOrder(orders, buyer, placed._id);
        return order.user.name === 'Pat Renamed' ? order : undefined;
      },
      5_000,
      'the renamed customer on the pending order',
    );
    expect(renamed).toEqual(await adminRead(placed._id));
  });

  it('forgets what it remembered when the listening connection is lost, and reads the database meanwhile', async () => {
    const placed = await placeOrder(orders, buyer, [{ product: productId, quantity: 1 }]);
    const outcomes = orders.app.get(OrderOutcomes);
    const epoch = outcomes.epoch;
    // End the listener's session from the server side, as a PostgreSQL restart would.
    await orders.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE '%-outcomes'`,
    );
    await eventually(async () => (outcomes.epoch > epoch && outcomes.listening ? true : undefined), 10_000, 'the listener to be back');
    const before = statements;
    expect(await readOrder(orders, buyer, placed._id)).toEqual(placed);
    expect(statements - before).toBeGreaterThan(0);
  });

  it('holds a read of a pending order until its outcome: 250 ms unless Prefer says N seconds, or wait=0 not at all', async () => {
    const placed = await placeOrder(orders, buyer, [{ product: productId, quantity: 1 }]);
    const started = performance.now();
    const held = await request(orders.http).get(`/api/orders/${placed._id}`).set(buyer.headers).expect(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect(held.body).toEqual(placed);
    expect(held.headers['preference-applied']).toBeUndefined();
    const now = await request(orders.http).get(`/api/orders/${placed._id}`).set(buyer.headers).set('Prefer', 'wait=0').expect(200);
    expect(now.body).toEqual(placed);

    // A reader who asks to wait is answered at the outcome, with the order as it is then.
    const waiting = request(orders.http).get(`/api/orders/${placed._id}`).set(buyer.headers).set('Prefer', 'wait=10');
    const answered = waiting.then((response) => response);
    await orders.app.get(OutboxRelay).flush();
    await orders.stream.waitFor(Subjects.OrderPlaced, (data) => data.orderId === placed._id);
    await orders.stream.publish(Subjects.StockReserved, { orderId: placed._id });
    const confirmed = await answered;
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers['preference-applied']).toBe('wait=10');
    expect(confirmed.body).toEqual(await adminRead(placed._id));
    expect(confirmed.body).toMatchObject({ status: 'confirmed', payableUntil: expect.any(String) });

    // A refusal too, with its reason and time, as the database says.
    const refusedOrder = await placeOrder(orders, buyer, [{ product: productId, quantity: 1 }]);
    const waitingRefusal = request(orders.http).get(`/api/orders/${refusedOrder._id}`).set(buyer.headers).set('Prefer', 'wait=10').then((response) => response);
    await orders.app.get(OutboxRelay).flush();
    await orders.stream.waitFor(Subjects.OrderPlaced, (data) => data.orderId === refusedOrder._id);
    await orders.stream.publish(Subjects.StockRejected, { orderId: refusedOrder._id, productId, productName: 'Polled product', reason: 'Polled product is out of stock' });
    const cancelled = await waitingRefusal;
    expect(cancelled.body).toEqual(await adminRead(refusedOrder._id));
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'Polled product is out of stock', cancelledAt: expect.any(String) });

    // Another customer's order is refused as before, whatever they ask.
    const stranger = await orders.customer('Sam Waiting Stranger');
    const refused = await request(orders.http).get(`/api/orders/${placed._id}`).set(stranger.headers).set('Prefer', 'wait=10').expect(404);
    expect(refused.body).toEqual({ message: 'Order not found' });
  });
});
