import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Subjects, type OrderDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { eventually } from '@shop/testing';
import { CatalogProduct } from '../src/catalog-copy/catalog-product.entity.js';
import { OrderOutcomes } from '../src/orders/placing/order-outcomes.js';
import { StockAnswers } from '../src/orders/placing/stock-answers.js';
import { answerStock, orderBody, placeOrder, readOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';

describe('orders: the stock saga and the copies of other services data', () => {
  let orders: TestOrders;
  let casey: TestUser;

  beforeAll(async () => {
    orders = await startOrders();
    casey = await orders.customer();
  });

  afterAll(async () => {
    await orders?.close();
  });

  /** Waits until every stock event published so far is handled: the consumer handles them in order, so one more answer landing proves it. */
  async function stockEventsHandled(): Promise<void> {
    const marker = await placeOrder(orders, casey, [{ product: (await orders.product()).id, quantity: 1 }]);
    await answerStock(orders, casey, marker);
  }

  it('settles a large batch in one statement, its outcomes heard in notifications within PostgreSQL\'s payload limit', async () => {
    const product = await orders.product({ name: 'Batch lamp' });
    const placed: OrderDto[] = [];
    for (let n = 0; n < 40; n++) placed.push(await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]));
    const outcomes = orders.app.get(OrderOutcomes);
    const waits = placed.map((order) => outcomes.expect(order._id));
    // 40 reasons of 500 characters of 2 bytes each: ~44 KB of outcomes, at most 8000 bytes a notification.
    const reason = 'Ü'.repeat(500);
    const confirmedOne = placed.pop() as OrderDto;
    const answers = placed.map((order) => ({
      id: randomUUID(),
      subject: Subjects.StockRejected,
      occurredAt: new Date().toISOString(),
      correlationId: `batch-${order._id}`,
      data: { orderId: order._id, productId: product.id, productName: 'Batch lamp', reason },
    }));
    const relay = orders.app.get(OutboxRelay);
    await relay.transaction(async (manager) => {
      await orders.app.get(StockAnswers).rejected(answers, manager);
      await orders.app.get(StockAnswers).reserved(
        [{ id: randomUUID(), subject: Subjects.StockReserved, occurredAt: new Date().toISOString(), data: { orderId: confirmedOne._id } }],
        manager,
      );
      // Repeated and late: nothing more moves.
      await orders.app.get(StockAnswers).rejected(answers.slice(0, 3), manager);
    });
    const heard = await Promise.all(waits.map((wait) => wait.settled(10_000)));
    // Answered in this process once the transaction committed (settledHere), and by the NOTIFY too: heard once.
    expect(new Set(heard.map((outcome) => outcome?.id)).size).toBe(40);
    expect(heard.slice(0, -1).map((outcome) => [outcome?.status, outcome?.cancelReason])).toEqual(placed.map(() => ['cancelled', reason]));
    expect(heard.at(-1)).toMatchObject({ id: confirmedOne._id, status: 'confirmed', cancelReason: null, payableUntil: expect.any(String) });
    // What was heard is what a read answers.
    const read = await readOrder(orders, casey, confirmedOne._id);
    expect(read).toMatchObject({ status: 'confirmed', payableUntil: heard.at(-1)?.payableUntil });
    expect(await readOrder(orders, casey, placed[0]._id)).toMatchObject({ status: 'cancelled', cancelReason: reason });
    // Each moved order's event, with its answer's correlation id.
    await relay.flush();
    const [cancelled] = await orders.stream.waitFor(Subjects.OrderCancelled, (data) => data.orderId === placed[0]._id);
    expect(cancelled.data).toEqual({ orderId: placed[0]._id, userId: casey.claims.sub, reason });
    expect(cancelled.correlationId).toBe(`batch-${placed[0]._id}`);
    const [confirmed] = await orders.stream.waitFor(Subjects.OrderConfirmed, (data) => data.orderId === confirmedOne._id);
    expect(confirmed.data).toEqual({ orderId: confirmedOne._id, userId: casey.claims.sub });
  });

  it('answers no waiting placement for a settlement that rolled back', async () => {
    const product = await orders.product({ name: 'Rollback lamp' });
    const placed = await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]);
    const wait = orders.app.get(OrderOutcomes).expect(placed._id);
    await expect(
      orders.app.get(OutboxRelay).transaction(async (manager) => {
        await orders.app.get(StockAnswers).reserved(
          [{ id: randomUUID(), subject: Subjects.StockReserved, occurredAt: new Date().toISOString(), data: { orderId: placed._id } }],
          manager,
        );
        throw new Error('the consumer died before committing');
      }),
    ).rejects.toThrow('the consumer died before committing');
    expect(await wait.settled(300)).toBeUndefined();
    expect((await readOrder(orders, casey, placed._id)).status).toBe('pending');
  });

  it('confirms an order once the catalog reserved its stock, and says so', async () => {
    const product = await orders.product();
    const placed = await placeOrder(orders, casey, [{ product: product.id, quantity: 2 }]);

    const before = Date.now();
    const confirmed = await answerStock(orders, casey, placed);

    // It can be paid for PAYMENT_HOLD (30 minutes by default) from its confirmation.
    expect(confirmed).toEqual({ ...placed, status: 'confirmed', payableUntil: expect.any(String) });
    const payableIn = new Date(confirmed.payableUntil as string).getTime() - before;
    expect(payableIn).toBeGreaterThan(29 * 60_000);
    expect(payableIn).toBeLessThanOrEqual(30 * 60_000 + 60_000);
    await orders.app.get(OutboxRelay).flush();
    const [event] = await orders.stream.waitFor(Subjects.OrderConfirmed, (data) => data.orderId === placed._id);
    expect(event.data).toEqual({ orderId: placed._id, userId: casey.claims.sub });
  });

  describe('a placement that asks to wait for the outcome (Prefer: wait)', () => {
    /** Starts placing an order with `Prefer: wait=N` and answers the order's id once it is stored, and the call's answer. */
    async function placeWaiting(seconds: number, product: string) {
      const answer = request(orders.http)
        .post('/api/orders')
        .set(casey.headers)
        .set('Prefer', `wait=${seconds}`)
        .send(orderBody([{ product, quantity: 1 }]))
        .then((response) => response);
      await orders.app.get(OutboxRelay).flush();
      const placed = await orders.stream.waitFor(Subjects.OrderPlaced, (data) => data.userId === casey.claims.sub && data.items[0].productId === product);
      return { orderId: placed[0].data.orderId, answer };
    }

    it('answers with the order confirmed once the catalog reserved its stock', async () => {
      const product = await orders.product();
      const { orderId, answer } = await placeWaiting(5, product.id);
      await orders.stream.publish(Subjects.StockReserved, { orderId });

      const response = await answer;
      expect(response.status).toBe(201);
      expect(response.headers['preference-applied']).toBe('wait=5');
      expect(response.body).toMatchObject({ _id: orderId, status: 'confirmed', payableUntil: expect.any(String) });
      // Field for field what the order's own page reads right after (the storefront keeps this answer as the order).
      expect(response.body).toEqual(await readOrder(orders, casey, orderId));
    });

    it('answers with the order cancelled, and why, once the catalog refused it', async () => {
      const product = await orders.product({ name: 'Last lamp' });
      const { orderId, answer } = await placeWaiting(5, product.id);
      await orders.stream.publish(Subjects.StockRejected, { orderId, productId: product.id, productName: 'Last lamp', reason: 'Last lamp is out of stock' });

      const response = await answer;
      expect(response.body).toMatchObject({ _id: orderId, status: 'cancelled', cancelReason: 'Last lamp is out of stock' });
      expect(response.body).toEqual(await readOrder(orders, casey, orderId));
    });

    it('answers with the order still pending when no answer came in time', async () => {
      const product = await orders.product();
      const { orderId, answer } = await placeWaiting(1, product.id);

      const response = await answer;
      expect(response.status).toBe(201);
      expect(response.headers['preference-applied']).toBe('wait=1');
      expect(response.body).toMatchObject({ _id: orderId, status: 'pending' });
      expect(response.body).toEqual(await readOrder(orders, casey, orderId));
    });

    it('answers at once, pending, without the preference', async () => {
      const product = await orders.product();
      const response = await request(orders.http).post('/api/orders').set(casey.headers).send(orderBody([{ product: product.id, quantity: 1 }]));
      expect(response.status).toBe(201);
      expect(response.headers['preference-applied']).toBeUndefined();
      expect(response.body.status).toBe('pending');
    });
  });

  it('cancels an order the catalog could not reserve, naming the product that ran out, and says so', async () => {
    const sneaker = await orders.product({ name: 'Sold-out sneaker' });
    const placed = await placeOrder(orders, casey, [{ product: sneaker.id, quantity: 1 }]);

    const cancelled = await answerStock(orders, casey, placed, {
      productId: sneaker.id,
      productName: 'Sold-out sneaker',
      reason: 'Sold-out sneaker is out of stock',
    });

    expect(cancelled).toEqual({ ...placed, status: 'cancelled', cancelReason: 'Sold-out sneaker is out of stock', cancelledAt: expect.any(String) });
    await orders.app.get(OutboxRelay).flush();
    const [event] = await orders.stream.waitFor(Subjects.OrderCancelled, (data) => data.orderId === placed._id);
    expect(event.data).toEqual({ orderId: placed._id, userId: casey.claims.sub, reason: 'Sold-out sneaker is out of stock' });
  });

  it('handles a redelivered stock event once', async () => {
    const product = await orders.product();
    const placed = await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]);
    await orders.app.get(OutboxRelay).flush();
    await orders.stream.waitFor(Subjects.OrderPlaced, (data) => data.orderId === placed._id);

    const reserved = await orders.stream.publish(Subjects.StockReserved, { orderId: placed._id });
    // The same event again, under another message id so JetStream does not drop it: as a redelivery.
    await orders.stream.publish(Subjects.StockReserved, reserved.data, { id: reserved.id, msgId: randomUUID() });
    await stockEventsHandled();

    expect((await readOrder(orders, casey, placed._id)).status).toBe('confirmed');
    await orders.app.get(OutboxRelay).flush();
    expect(await orders.stream.of(Subjects.OrderConfirmed, (data) => data.orderId === placed._id)).toHaveLength(1);
  });

  it('moves only pending orders: a late or contradicting stock answer changes nothing', async () => {
    const product = await orders.product();
    const confirmed = await answerStock(orders, casey, await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]));
    const cancelled = await answerStock(orders, casey, await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]), {
      productId: product.id,
      productName: product.name,
      reason: `${product.name} is out of stock`,
    });

    await orders.stream.publish(Subjects.StockRejected, { orderId: confirmed._id, productId: product.id, productName: product.name, reason: 'late' });
    await orders.stream.publish(Subjects.StockReserved, { orderId: cancelled._id });
    await orders.stream.publish(Subjects.StockReserved, { orderId: randomUUID() }); // an order this service never had
    await stockEventsHandled();

    expect(await readOrder(orders, casey, confirmed._id)).toEqual(confirmed);
    expect(await readOrder(orders, casey, cancelled._id)).toEqual(cancelled);
    await orders.app.get(OutboxRelay).flush();
    expect(await orders.stream.of(Subjects.OrderCancelled, (data) => data.orderId === confirmed._id)).toHaveLength(0);
    expect(await orders.stream.of(Subjects.OrderConfirmed, (data) => data.orderId === cancelled._id)).toHaveLength(0);
  });

  it('refuses payment of a pending or a cancelled order', async () => {
    const product = await orders.product();
    const pending = await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]);
    const pay = (id: string) => request(orders.http).put(`/api/orders/${id}/pay_status`).set(casey.headers).send({ id: 'PAYPAL1' });

    expect((await pay(pending._id).expect(409)).body).toEqual({ message: 'Order is not confirmed yet' });

    const cancelled = await answerStock(orders, casey, pending, { productId: product.id, productName: product.name, reason: 'out' });
    expect((await pay(cancelled._id).expect(400)).body).toEqual({ message: 'Order was cancelled' });
  });

  describe("the copy of the catalog's products", () => {
    const copyOf = (id: string) => orders.dataSource.getRepository(CatalogProduct).findOneBy({ id });

    it('prices from the newest product event and ignores an older one that arrives late', async () => {
      const now = Date.now();
      const mug = await orders.product({ name: 'Mug', priceCents: 8_00 }, { occurredAt: new Date(now).toISOString() });
      await orders.product({ ...mug, priceCents: 1 }, { subject: Subjects.ProductUpdated, occurredAt: new Date(now - 60_000).toISOString(), noWait: true });
      await orders.product(); // handled after the late event: the late event has been handled too

      expect(await copyOf(mug.id)).toMatchObject({ priceCents: 8_00, name: 'Mug' });
      expect((await placeOrder(orders, casey, [{ product: mug.id, quantity: 1 }])).itemsPrice).toBe(8);
    });

    it('keeps a deleted product deleted, even when an older update arrives after the deletion', async () => {
      const now = Date.now();
      const vase = await orders.product({ name: 'Vase' }, { occurredAt: new Date(now - 2_000).toISOString() });
      await orders.stream.publish(Subjects.ProductDeleted, { id: vase.id }, { occurredAt: new Date(now).toISOString() });
      await orders.product({ ...vase, name: 'Vase (late)' }, { subject: Subjects.ProductUpdated, occurredAt: new Date(now - 1_000).toISOString(), noWait: true });
      await orders.product();

      expect(await copyOf(vase.id)).toMatchObject({ deleted: true });
      const { body } = await request(orders.http).post('/api/orders').set(casey.headers).send(orderBody([{ product: vase.id, quantity: 1 }])).expect(400);
      expect(body).toEqual({ message: `Product not found: ${vase.id}` });
    });

    it('knows a product whose deletion arrives before its creation as deleted', async () => {
      const id = randomUUID();
      const now = Date.now();
      await orders.stream.publish(Subjects.ProductDeleted, { id }, { occurredAt: new Date(now).toISOString() });
      await orders.product({ id, name: 'Ghost' }, { occurredAt: new Date(now - 1_000).toISOString(), noWait: true });
      await orders.product();

      expect(await copyOf(id)).toMatchObject({ deleted: true });
    });

    it('follows the name, image and price catalog reports, and keeps no stock', async () => {
      const lamp = await orders.product({ countInStock: 5 });
      await orders.product({ ...lamp, name: 'Lamp II', image: '/uploads/lamp-2.png', priceCents: 12_34, countInStock: 3 }, { subject: Subjects.ProductUpdated });
      await eventually(async () => ((await copyOf(lamp.id))?.name === 'Lamp II' ? true : undefined));
      expect(await copyOf(lamp.id)).toEqual({ id: lamp.id, name: 'Lamp II', image: '/uploads/lamp-2.png', priceCents: 12_34, deleted: false, changedAt: expect.any(Date) });
    });
  });

  it('gives a cancel reason to cancelled orders only', async () => {
    // Orders of each kind of its own, so that the list checked is never empty whichever tests ran before.
    const product = await orders.product({ name: 'Reason lamp' });
    const pending = await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]);
    const confirmed = await answerStock(orders, casey, await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]));
    const cancelled = await answerStock(orders, casey, await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]), {
      productId: product.id,
      productName: 'Reason lamp',
      reason: 'Reason lamp is out of stock',
    });
    const { body } = await request(orders.http).get('/api/orders/mine').set(casey.headers).expect(200);
    const mine = (body as OrderDto[]).filter((order) => [pending._id, confirmed._id, cancelled._id].includes(order._id));
    expect(mine.map((order) => order.status).sort()).toEqual(['cancelled', 'confirmed', 'pending']);
    expect((body as OrderDto[]).length).toBeGreaterThanOrEqual(3);
    for (const order of body as OrderDto[]) {
      expect(['pending', 'confirmed', 'cancelled']).toContain(order.status);
      expect(order.cancelReason !== undefined).toBe(order.status === 'cancelled');
    }
  });
});
