import { DataSource } from 'typeorm';
import { eventExamples, type EventPayloads, type OrderState, type Subject } from '@shop/contracts';
import { EventConsumers, OutboxRelay } from '@shop/event-bus';
import { catalogueProblems, feedDeclaredFields, producedContractProblems, subjectsAmong, TestEventStream } from '@shop/testing';
import { USER_ACCESS_CONSUMER, userAccessConsumerExpectations } from '@shop/user-access';
import { ordersConsumerExpectations } from '../src/events/consumer-expectations.js';
import { confirmedOrder, placeOrder, startOrders, type TestOrders } from './support/orders-app.js';

/**
 * The orders service's side of the event contracts (docs/events.md): its
 * consumers are the ones the event catalogue lists, each does its job with
 * only the fields it declares it reads, and what it publishes keeps the
 * contracts.
 */
describe('orders: event contracts', () => {
  let orders: TestOrders;
  let db: DataSource;
  const expectations = { ...ordersConsumerExpectations, [USER_ACCESS_CONSUMER]: userAccessConsumerExpectations };

  beforeAll(async () => {
    orders = await startOrders();
    db = orders.app.get(DataSource);
  });

  afterAll(async () => {
    await orders?.close();
  });

  const declared = () => orders.app.get(EventConsumers).declared();
  /** Feeds a consumer's handler the payload cut down to its declared fields; answers the undeclared fields it read. */
  const feed = async <S extends Subject>(consumer: keyof typeof expectations, subject: S, data?: EventPayloads[S]) => {
    const relay = orders.app.get(OutboxRelay);
    const { undeclaredReads } = await feedDeclaredFields({
      declared: declared(),
      consumer,
      subject,
      expectations: expectations[consumer],
      data,
      transaction: (work) => relay.transaction(work),
    });
    return undeclaredReads;
  };

  it('consumes what the event catalogue lists for it, and declares what it reads of each', () => {
    expect(catalogueProblems('orders', declared(), expectations)).toEqual([]);
  });

  it("keeps its catalog copy from product events holding only the fields it declares", async () => {
    const product = eventExamples['product.created'];
    const copy = async () =>
      (await db.query(`SELECT name, image, price_cents, deleted FROM catalog_product WHERE id = $1`, [product.id]))[0] as unknown;

    expect(await feed('products', 'product.created')).toEqual([]);
    expect(await copy()).toEqual({ name: product.name, image: product.image, price_cents: product.priceCents, deleted: false });
    const updated = eventExamples['product.updated'];
    expect(await feed('products', 'product.updated')).toEqual([]);
    expect(await copy()).toEqual({ name: updated.name, image: updated.image, price_cents: updated.priceCents, deleted: false });
    expect(await feed('products', 'product.deleted')).toEqual([]);
    expect(await copy()).toMatchObject({ deleted: true });
  });

  it('keeps its customer copy from user events holding only the fields it declares', async () => {
    const user = eventExamples['user.created'];
    const copy = async () => (await db.query(`SELECT name, email, deleted FROM customer WHERE id = $1`, [user.id]))[0] as unknown;

    expect(await feed('users', 'user.created')).toEqual([]);
    expect(await copy()).toEqual({ name: user.name, email: user.email, deleted: false });
    expect(await feed('users', 'user.updated')).toEqual([]);
    expect(await copy()).toEqual({ name: eventExamples['user.updated'].name, email: eventExamples['user.updated'].email, deleted: false });
    expect(await feed('users', 'user.deleted')).toEqual([]);
    expect(await copy()).toMatchObject({ deleted: true });
  });

  it("keeps each user's role and session version from user events holding only the fields it declares", async () => {
    const { id } = eventExamples['user.created'];
    const access = async () => (await db.query(`SELECT session_version, is_admin, deleted FROM user_access WHERE user_id = $1`, [id]))[0] as unknown;

    expect(await feed(USER_ACCESS_CONSUMER, 'user.created')).toEqual([]);
    expect(await access()).toEqual({ session_version: 1, is_admin: false, deleted: false });
    expect(await feed(USER_ACCESS_CONSUMER, 'user.updated')).toEqual([]);
    expect(await access()).toEqual({ session_version: 2, is_admin: true, deleted: false });
    expect(await feed(USER_ACCESS_CONSUMER, 'user.deleted')).toEqual([]);
    expect(await access()).toMatchObject({ deleted: true, is_admin: false });
  });

  it("confirms or cancels an order from the catalog's stock answers holding only the fields it declares", async () => {
    const buyer = await orders.customer();
    const product = await orders.product();
    const statusOf = async (orderId: string) =>
      ((await db.query(`SELECT state, cancel_reason FROM customer_order WHERE id = $1`, [orderId]))[0] as { state: OrderState; cancel_reason: string | null });

    const reserved = await placeOrder(orders, buyer, [{ product: product.id, quantity: 1 }]);
    expect(await feed('stock', 'stock.reserved', { ...eventExamples['stock.reserved'], orderId: reserved._id })).toEqual([]);
    expect(await statusOf(reserved._id)).toEqual({ state: 'awaiting-payment', cancel_reason: null });

    const rejected = await placeOrder(orders, buyer, [{ product: product.id, quantity: 1 }]);
    const rejection = { ...eventExamples['stock.rejected'], orderId: rejected._id, productId: product.id };
    expect(await feed('stock', 'stock.rejected', rejection)).toEqual([]);
    expect(await statusOf(rejected._id)).toEqual({ state: 'cancelled', cancel_reason: rejection.reason });
  });

  it("records the customer's mail of each order event holding only the fields it declares", async () => {
    const order = await confirmedOrder(orders, await orders.customer());
    for (const subject of ['order.confirmed', 'order.paid', 'order.delivered', 'order.cancelled', 'order.refunded'] as const) {
      const key = `${subject}:${order._id}`;
      // The service's own consumer may have mailed it already: the fed event must record it again.
      await orders.app.get(OutboxRelay).flush();
      await db.query(`DELETE FROM mail_outbox WHERE key = $1`, [key]);
      expect(await feed('mail', subject, { ...eventExamples[subject], orderId: order._id } as EventPayloads[typeof subject])).toEqual([]);
      expect(await db.query(`SELECT key FROM mail_outbox WHERE key = $1`, [key])).toEqual([{ key }]);
    }
  });

  it('publishes order.placed, order.confirmed and order.cancelled that keep their contracts', async () => {
    // The orders placed, confirmed and cancelled above went through the real code: their events are in the stream.
    await orders.app.get(OutboxRelay).flush();
    const stream = await TestEventStream.open(orders.prefix);
    try {
      const events = await stream.all();
      expect(subjectsAmong('orders', events)).toEqual(['order.cancelled', 'order.confirmed', 'order.placed']);
      expect(producedContractProblems('orders', events)).toEqual([]);
    } finally {
      await stream.close();
    }
  });
});
