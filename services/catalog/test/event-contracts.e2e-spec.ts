import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventExamples, subjectsProducedBy, type EventPayloads, type Subject } from '@shop/contracts';
import { EventConsumers, OutboxRelay } from '@shop/event-bus';
import { catalogueProblems, feedDeclaredFields, producedContractProblems, subjectsAmong, TestEventStream } from '@shop/testing';
import { USER_ACCESS_CONSUMER, userAccessConsumerExpectations } from '@shop/user-access';
import { catalogConsumerExpectations } from '../src/events/consumer-expectations.js';
import { createProduct, publishedEvents, startCatalog, type TestCatalog } from './support/catalog-app.js';

/**
 * The catalog service's side of the event contracts (docs/events.md): its
 * consumers are the ones the event catalogue lists, each does its job with
 * only the fields it declares it reads, and what it publishes keeps the
 * contracts.
 */
describe('catalog: event contracts', () => {
  let catalog: TestCatalog;
  const expectations = { ...catalogConsumerExpectations, [USER_ACCESS_CONSUMER]: userAccessConsumerExpectations };

  beforeAll(async () => {
    catalog = await startCatalog();
  });

  afterAll(async () => {
    await catalog?.close();
  });

  const declared = () => catalog.app.get(EventConsumers).declared();
  /** Feeds a consumer's handler the payload cut down to its declared fields; answers the undeclared fields it read. */
  const feed = async <S extends Subject>(consumer: keyof typeof expectations, subject: S, data?: EventPayloads[S]) => {
    const relay = catalog.app.get(OutboxRelay);
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
  const query = async (sql: string, params: unknown[]) => ((await catalog.dataSource.query(sql, params)) as unknown[])[0];

  it('consumes what the event catalogue lists for it, and declares what it reads of each', () => {
    expect(catalogueProblems('catalog', declared(), expectations)).toEqual([]);
  });

  it("reserves and gives back an order's stock from order events holding only the fields it declares", async () => {
    const lamp = await createProduct(catalog, { name: 'Contract lamp', countInStock: 5 });
    const chair = await createProduct(catalog, { name: 'Contract chair', countInStock: 5 });
    const example = eventExamples['order.placed'];
    const placed = { ...example, orderId: randomUUID(), items: [{ ...example.items[0], productId: lamp._id }, { ...example.items[1], productId: chair._id }] };
    const stock = async () => ((await catalog.dataSource.query(`SELECT count_in_stock FROM product WHERE id = ANY($1::uuid[]) ORDER BY name DESC`, [[lamp._id, chair._id]])) as { count_in_stock: number }[]).map((row) => row.count_in_stock);

    expect(await feed('orders', 'order.placed', placed)).toEqual([]);
    expect(await query(`SELECT status FROM stock_reservation WHERE order_id = $1`, [placed.orderId])).toEqual({ status: 'reserved' });
    expect(await stock()).toEqual([5 - placed.items[0].quantity, 5 - placed.items[1].quantity]);

    expect(await feed('orders', 'order.cancelled', { ...eventExamples['order.cancelled'], orderId: placed.orderId })).toEqual([]);
    expect(await query(`SELECT status FROM stock_reservation WHERE order_id = $1`, [placed.orderId])).toEqual({ status: 'released' });
    expect(await stock()).toEqual([5, 5]);
  });

  it("keeps each user's role and session version from user events holding only the fields it declares", async () => {
    const { id } = eventExamples['user.created'];
    const access = () => query(`SELECT session_version, is_admin, deleted FROM user_access WHERE user_id = $1`, [id]);

    expect(await feed(USER_ACCESS_CONSUMER, 'user.created')).toEqual([]);
    expect(await access()).toEqual({ session_version: 1, is_admin: false, deleted: false });
    expect(await feed(USER_ACCESS_CONSUMER, 'user.updated')).toEqual([]);
    expect(await access()).toEqual({ session_version: 2, is_admin: true, deleted: false });
    expect(await feed(USER_ACCESS_CONSUMER, 'user.deleted')).toEqual([]);
    expect(await access()).toMatchObject({ deleted: true, is_admin: false });
  });

  it('publishes every subject it owns (product and stock events) keeping their contracts, a refusal for a product no longer sold too', async () => {
    const kept = await createProduct(catalog, { name: 'Kept' });
    const gone = await createProduct(catalog, { name: 'Soon gone' });
    await request(catalog.http).delete(`/api/products/delete/${gone._id}`).set(catalog.admin).expect(200);
    const stream = await TestEventStream.open(catalog.prefix);
    try {
      // Through the real consumer this time, as the orders service would place them.
      const place = (productId: string) =>
        stream.publish('order.placed', { ...eventExamples['order.placed'], orderId: randomUUID(), items: [{ productId, quantity: 1 }] });
      const [reservable, unsellable] = [await place(kept._id), await place(gone._id)];
      await stream.waitFor('stock.reserved', (answer) => answer.orderId === reservable.data.orderId);
      await stream.waitFor('stock.rejected', (answer) => answer.orderId === unsellable.data.orderId);
    } finally {
      await stream.close();
    }

    const events = await publishedEvents(catalog);
    expect(subjectsAmong('catalog', events)).toEqual(subjectsProducedBy('catalog').sort());
    expect(producedContractProblems('catalog', events)).toEqual([]);
  });
});
