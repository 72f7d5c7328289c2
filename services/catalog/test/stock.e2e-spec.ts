import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { In } from 'typeorm';
import { Subjects, type EventEnvelope, type OrderPlaced, type ProductDetailDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { TestEventStream } from '@shop/testing';
import { StockReservation } from '../src/stock/stock-reservation.entity.js';
import { StockService } from '../src/stock/stock.service.js';
import { createProduct, startCatalog, type TestCatalog } from './support/catalog-app.js';

/** An order.placed event as the consumer hands it to StockService. */
const placedEvent = (data: OrderPlaced): EventEnvelope<'order.placed'> => ({
  id: randomUUID(),
  subject: 'order.placed',
  occurredAt: new Date().toISOString(),
  data,
});

describe('catalog stock reservations (the catalog side of the order saga)', () => {
  let catalog: TestCatalog;
  let stream: TestEventStream;

  beforeAll(async () => {
    catalog = await startCatalog();
    stream = await TestEventStream.open(catalog.prefix);
  });

  afterAll(async () => {
    await stream?.close();
    await catalog?.close();
  });

  const stockOf = async (id: string) =>
    ((await request(catalog.http).get(`/api/products/${id}`).expect(200)).body as ProductDetailDto).countInStock;
  const place = (items: OrderPlaced['items'], orderId = randomUUID()) =>
    stream.publish(Subjects.OrderPlaced, { orderId, userId: randomUUID(), items });
  const outcomeOf = async (orderId: string) => {
    const [reserved, rejected] = await Promise.all([
      stream.of(Subjects.StockReserved, (data) => data.orderId === orderId),
      stream.of(Subjects.StockRejected, (data) => data.orderId === orderId),
    ]);
    return { reserved: reserved.length, rejected: rejected.map((event) => event.data) };
  };
  const settled = async (orderId: string) => {
    await catalog.app.get(OutboxRelay).flush();
    await Promise.race([
      stream.waitFor(Subjects.StockReserved, (data) => data.orderId === orderId),
      stream.waitFor(Subjects.StockRejected, (data) => data.orderId === orderId),
    ]);
    return outcomeOf(orderId);
  };

  it('sets aside forged or garbled order.placed events (negative, zero, fractional, huge quantities, wrong shapes) and changes no stock', async () => {
    const lamp = await createProduct(catalog, { name: 'Guarded lamp', countInStock: 5 });
    const envelope = (data: unknown, subject: string = Subjects.OrderPlaced) =>
      JSON.stringify({ id: randomUUID(), subject, occurredAt: new Date().toISOString(), data });
    const order = (items: unknown) => ({ orderId: randomUUID(), userId: randomUUID(), items });
    for (const forged of [
      envelope(order([{ productId: lamp._id, quantity: -1000 }])),
      envelope(order([{ productId: lamp._id, quantity: 0 }])),
      envelope(order([{ productId: lamp._id, quantity: 1.5 }])),
      envelope(order([{ productId: lamp._id, quantity: '2' }])),
      envelope(order([{ productId: lamp._id, quantity: 1e9 }])),
      envelope(order([])),
      envelope(order([{ productId: 'not-a-uuid', quantity: 1 }])),
      envelope({ orderId: randomUUID(), items: [{ productId: lamp._id, quantity: 1 }] }),
      envelope(order([{ productId: lamp._id, quantity: 1 }]), Subjects.OrderCancelled),
      JSON.stringify({ id: 'x', subject: Subjects.OrderPlaced, occurredAt: 'yesterday', data: order([{ productId: lamp._id, quantity: 1 }]) }),
      'not json at all',
    ]) {
      await stream.publishRaw(Subjects.OrderPlaced, forged);
    }
    // The consumer handles its events in stream order: once a later, valid order is settled, the forged ones were seen.
    const { data } = await place([{ productId: lamp._id, quantity: 1 }]);
    expect(await settled(data.orderId)).toEqual({ reserved: 1, rejected: [] });
    expect(await stockOf(lamp._id)).toBe(4);
  });

  it('reserves every line of an order, without announcing the stock it moved', async () => {
    const lamp = await createProduct(catalog, { name: 'Desk lamp', countInStock: 5 });
    const chair = await createProduct(catalog, { name: 'Desk chair', countInStock: 2 });

    const { data } = await place([
      { productId: lamp._id, quantity: 2 },
      { productId: chair._id, quantity: 2 },
    ]);

    expect(await settled(data.orderId)).toEqual({ reserved: 1, rejected: [] });
    expect(await stockOf(lamp._id)).toBe(3);
    expect(await stockOf(chair._id)).toBe(0);
    // No other service keeps stock: product.updated is for an admin's edits only (docs/order-pipeline.md);
    // the last one each product has is createProduct's edit, with the stock the admin set.
    const updates = await stream.of(Subjects.ProductUpdated, (p) => p.id === chair._id || p.id === lamp._id);
    expect(updates.map((event) => event.data.countInStock).sort()).toEqual([2, 5]);
  });

  it('adds up repeated lines of one product', async () => {
    const mug = await createProduct(catalog, { countInStock: 3 });
    const { data } = await place([
      { productId: mug._id, quantity: 2 },
      { productId: mug._id, quantity: 2 },
    ]);
    const outcome = await settled(data.orderId);
    expect(outcome.reserved).toBe(0);
    expect(outcome.rejected[0].reason).toBe(`Only 3 of ${mug.name} left in stock`);
    expect(await stockOf(mug._id)).toBe(3);
  });

  it('reserves nothing when one line is short, and names the product', async () => {
    const plenty = await createProduct(catalog, { name: 'Plenty', countInStock: 10 });
    const none = await createProduct(catalog, { name: 'Sold-out sneaker', countInStock: 0 });

    const { data } = await place([
      { productId: plenty._id, quantity: 1 },
      { productId: none._id, quantity: 1 },
    ]);

    const outcome = await settled(data.orderId);
    expect(outcome.reserved).toBe(0);
    expect(outcome.rejected).toEqual([
      { orderId: data.orderId, productId: none._id, productName: 'Sold-out sneaker', reason: 'Sold-out sneaker is out of stock' },
    ]);
    expect(await stockOf(plenty._id)).toBe(10);
  });

  it('refuses an order of a product that no longer exists', async () => {
    const { data } = await place([{ productId: randomUUID(), quantity: 1 }]);
    const outcome = await settled(data.orderId);
    expect(outcome.rejected[0].reason).toBe('A product of this order is no longer sold');
  });

  it('reserves an order once, however often its event is delivered', async () => {
    const bag = await createProduct(catalog, { countInStock: 5 });
    const placed = await place([{ productId: bag._id, quantity: 1 }]);
    await settled(placed.data.orderId);

    // The same event again, under another message id so JetStream does not drop it as a duplicate.
    await stream.publish(Subjects.OrderPlaced, placed.data, { id: placed.id, msgId: randomUUID() });
    // And the same order as a new event (an orders service replaying its outbox with new ids).
    await stream.publish(Subjects.OrderPlaced, placed.data);
    const marker = await place([{ productId: bag._id, quantity: 1 }]);
    await settled(marker.data.orderId);

    expect(await stockOf(bag._id)).toBe(3);
    expect((await outcomeOf(placed.data.orderId)).reserved).toBe(1);
  });

  it('gives back the stock of a cancelled order once', async () => {
    const tent = await createProduct(catalog, { countInStock: 4 });
    const placed = await place([{ productId: tent._id, quantity: 3 }]);
    await settled(placed.data.orderId);
    expect(await stockOf(tent._id)).toBe(1);

    const cancel = { orderId: placed.data.orderId, userId: placed.data.userId, reason: 'Cancelled by the customer' };
    await stream.publish(Subjects.OrderCancelled, cancel);
    await stream.publish(Subjects.OrderCancelled, cancel);
    const marker = await place([{ productId: tent._id, quantity: 1 }]);
    await settled(marker.data.orderId);

    // 1 left + 3 given back once - 1 for the marker order.
    expect(await stockOf(tent._id)).toBe(3);
  });

  it('gives back every line of a cancelled order, skipping a product deleted since', async () => {
    const cup = await createProduct(catalog, { countInStock: 5 });
    const saucer = await createProduct(catalog, { countInStock: 5 });
    const gone = await createProduct(catalog, { countInStock: 5 });
    const placed = await place([
      { productId: cup._id, quantity: 2 },
      { productId: gone._id, quantity: 1 },
      { productId: saucer._id, quantity: 3 },
    ]);
    await settled(placed.data.orderId);
    await catalog.dataSource.query(`DELETE FROM product WHERE id = $1`, [gone._id]);

    await stream.publish(Subjects.OrderCancelled, { orderId: placed.data.orderId, userId: placed.data.userId, reason: 'Cancelled by the customer' });
    const marker = await place([{ productId: cup._id, quantity: 1 }]);
    await settled(marker.data.orderId);

    expect(await stockOf(cup._id)).toBe(4);
    expect(await stockOf(saucer._id)).toBe(5);
    // Only createProduct's edits: the stock given back is not announced.
    expect((await stream.of(Subjects.ProductUpdated, (p) => p.id === cup._id || p.id === saucer._id)).map((event) => event.data.countInStock)).toEqual([5, 5]);
  });

  it('gives back nothing for a refused order', async () => {
    const stove = await createProduct(catalog, { countInStock: 1 });
    const placed = await place([{ productId: stove._id, quantity: 2 }]);
    await settled(placed.data.orderId);
    await stream.publish(Subjects.OrderCancelled, { orderId: placed.data.orderId, userId: placed.data.userId, reason: 'x' });
    const marker = await place([{ productId: stove._id, quantity: 1 }]);
    await settled(marker.data.orderId);
    expect(await stockOf(stove._id)).toBe(0);
  });

  it('never oversells: 20 buyers of 1 unit each for 4 in stock leave exactly 4 reserved and the stock at 0', async () => {
    const limited = await createProduct(catalog, { name: 'Limited console', countInStock: 4 });

    const orders = await Promise.all(Array.from({ length: 20 }, () => place([{ productId: limited._id, quantity: 1 }])));
    await catalog.app.get(OutboxRelay).flush();
    const ids = new Set(orders.map((order) => order.data.orderId));
    const reserved = await stream.waitFor(Subjects.StockReserved, (data) => ids.has(data.orderId), 4);
    const rejected = await stream.waitFor(Subjects.StockRejected, (data) => ids.has(data.orderId), 16);

    expect(reserved).toHaveLength(4);
    expect(rejected).toHaveLength(16);
    expect(rejected.every((event) => event.data.reason === 'Limited console is out of stock')).toBe(true);
    expect(await stockOf(limited._id)).toBe(0);
  });

  it('never oversells when replicas reserve at the same moment: 20 concurrent transactions for 4 units', async () => {
    const limited = await createProduct(catalog, { name: 'Limited lamp', countInStock: 4 });
    const stock = catalog.app.get(StockService);
    const orders = Array.from({ length: 20 }, () => ({ orderId: randomUUID(), userId: randomUUID(), items: [{ productId: limited._id, quantity: 1 }] }));

    await Promise.all(orders.map((order) => catalog.dataSource.transaction((manager) => stock.reserve([placedEvent(order)], manager))));

    const statuses = await catalog.dataSource.getRepository(StockReservation).findBy({ orderId: In(orders.map((o) => o.orderId)) });
    expect(statuses.filter((r) => r.status === 'reserved')).toHaveLength(4);
    expect(statuses.filter((r) => r.status === 'rejected')).toHaveLength(16);
    expect(await stockOf(limited._id)).toBe(0);
  });

  it('reserves the orders of one batch in the order they were placed, each all or nothing', async () => {
    const kettle = await createProduct(catalog, { name: 'Kettle', countInStock: 3 });
    const cup = await createProduct(catalog, { name: 'Cup', countInStock: 10 });
    const order = (items: OrderPlaced['items']) => ({ orderId: randomUUID(), userId: randomUUID(), items });
    const orders = [
      order([{ productId: kettle._id, quantity: 2 }]),
      // Kettle is short for this one (1 left): its cup line is not taken either.
      order([
        { productId: cup._id, quantity: 4 },
        { productId: kettle._id, quantity: 2 },
      ]),
      order([{ productId: kettle._id, quantity: 1 }]),
      order([{ productId: cup._id, quantity: 1 }]),
    ];

    await catalog.app.get(OutboxRelay).flush();
    await catalog.dataSource.transaction((manager) => catalog.app.get(StockService).reserve(orders.map(placedEvent), manager));
    await catalog.app.get(OutboxRelay).flush();

    const outcomes = await Promise.all(orders.map((o) => outcomeOf(o.orderId)));
    expect(outcomes.map((o) => o.reserved)).toEqual([1, 0, 1, 1]);
    expect(outcomes[1].rejected[0].reason).toBe('Only 1 of Kettle left in stock');
    expect(await stockOf(kettle._id)).toBe(0);
    expect(await stockOf(cup._id)).toBe(9);
  });
});
