import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope, type OrderCancelled, type OrderPlaced, type StockRejected } from '@shop/contracts';
import { Outbox, traceparentOfEvent, type OutboxEntry } from '@shop/event-bus';
import { mergeLines } from '@shop/pricing';
import { prepared, withRequestId } from '@shop/service-kit';
import { StockReservation, type ReservedLine } from './stock-reservation.entity.js';

/** One line per product, quantities of repeated products added up, in product id order (the lock order). */
export function linesOf(items: OrderPlaced['items']): ReservedLine[] {
  return mergeLines(items).sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/** What a reservation needs of a product: its stock, and its name for a refusal's reason. */
interface StockedProduct {
  id: string;
  name: string;
  countInStock: number;
}

/** Why a line cannot be reserved, in words a customer reads on the order; undefined when it can. */
function shortageOf(line: ReservedLine, product: StockedProduct | undefined): Omit<StockRejected, 'orderId'> | undefined {
  if (!product) return { productId: line.productId, productName: '', reason: 'A product of this order is no longer sold' };
  if (product.countInStock >= line.quantity) return undefined;
  const reason =
    product.countInStock === 0
      ? `${product.name} is out of stock`
      : `Only ${product.countInStock} of ${product.name} left in stock`;
  return { productId: product.id, productName: product.name, reason };
}

/**
 * The catalog's side of the order saga. The orders that arrive together are
 * reserved in one transaction, each all or nothing, in the order they were
 * placed: their products are locked in id order (so concurrent transactions,
 * of replicas say, never deadlock), each order is checked against the stock
 * left by the ones before it, and the new stock is written once per product
 * (the database refuses a count below zero as well). The outcome is kept per
 * order, so the same order is never reserved or given back twice, whatever
 * the event deliveries. Other services hear of each order's outcome (carrying
 * the order's correlation id, the request that placed it). Stock moved by
 * reservations and releases is not announced as product.updated: no other
 * service keeps stock (an admin's edit of a product, stock included, is).
 */
@Injectable()
export class StockService {
  private readonly logger = new Logger('Stock');

  constructor(private readonly outbox: Outbox) {}

  async reserve(events: readonly EventEnvelope<'order.placed'>[], manager: EntityManager): Promise<void> {
    const placed: (OrderPlaced & { correlationId?: string; traceparent?: string })[] = events.map((event) => ({
      ...event.data,
      correlationId: event.correlationId,
      traceparent: traceparentOfEvent(event),
    }));
    const known: { order_id: string }[] = await manager.query(prepared(`SELECT order_id FROM stock_reservation WHERE order_id = ANY($1::uuid[])`), [
      placed.map((order) => order.orderId),
    ]);
    const seen = new Set(known.map((row) => row.order_id));
    // An order already reserved or refused (a redelivery, or the same order twice in the batch) is skipped.
    const orders = placed.filter((order) => !seen.has(order.orderId) && seen.add(order.orderId));
    if (orders.length === 0) return;

    const linesByOrder = orders.map((order) => linesOf(order.items));
    const productIds = [...new Set(linesByOrder.flat().map((line) => line.productId))].sort();
    const rows: { id: string; name: string; count_in_stock: number }[] = await manager.query(
      prepared(`SELECT id, name, count_in_stock FROM product WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`),
      [productIds],
    );
    const stock = new Map<string, StockedProduct>(rows.map((row) => [row.id, { id: row.id, name: row.name, countInStock: row.count_in_stock }]));
    const changed = new Set<string>();
    const outcomes: OutboxEntry[] = [];
    const reservations = orders.map((order, n) => {
      const lines = linesByOrder[n];
      const shortage = lines.map((line) => shortageOf(line, stock.get(line.productId))).find(Boolean);
      if (shortage) {
        outcomes.push({ subject: Subjects.StockRejected, data: { orderId: order.orderId, ...shortage }, correlationId: order.correlationId, traceparent: order.traceparent });
        withRequestId(order.correlationId, () => this.logger.log(`order ${order.orderId} refused: ${shortage.reason}`));
        return { orderId: order.orderId, status: 'rejected' as const, lines };
      }
      for (const line of lines) {
        const product = stock.get(line.productId) as StockedProduct;
        product.countInStock -= line.quantity;
        changed.add(product.id);
      }
      outcomes.push({ subject: Subjects.StockReserved, data: { orderId: order.orderId }, correlationId: order.correlationId, traceparent: order.traceparent });
      return { orderId: order.orderId, status: 'reserved' as const, lines };
    });

    const now = new Date();
    const updated = [...changed].map((id) => stock.get(id) as StockedProduct);
    if (updated.length > 0) {
      await manager.query(
        prepared(`UPDATE product SET count_in_stock = changed.count, updated_at = $3
         FROM unnest($1::uuid[], $2::int[]) AS changed(id, count) WHERE product.id = changed.id`),
        [updated.map((product) => product.id), updated.map((product) => product.countInStock), now],
      );
    }
    await manager.query(
      prepared(`INSERT INTO stock_reservation (order_id, status, lines, created_at, updated_at)
       SELECT unnest($1::uuid[]), unnest($2::text[]), unnest($3::jsonb[]), $4, $4`),
      [reservations.map((r) => r.orderId), reservations.map((r) => r.status), reservations.map((r) => JSON.stringify(r.lines)), now],
    );
    await this.outbox.addMany(manager, outcomes);
  }

  /**
   * Gives back the stock of a cancelled order (or a refunded one not delivered) once; a cancellation
   * before its placement leaves a tombstone.
   */
  async release(order: Pick<OrderCancelled, 'orderId'>, manager: EntityManager): Promise<void> {
    const reservation = await manager.findOne(StockReservation, { where: { orderId: order.orderId }, lock: { mode: 'pessimistic_write' } });
    const now = new Date();
    if (!reservation) {
      await manager.insert(StockReservation, { orderId: order.orderId, status: 'released', lines: [], createdAt: now, updatedAt: now });
      return;
    }
    if (reservation.status !== 'reserved') return;
    // Locked in product id order, as reservations lock them: no deadlock between the two. A product deleted
    // since the order has no stock to give back (no row).
    const productIds = reservation.lines.map((line) => line.productId);
    await manager.query(prepared(`SELECT id FROM product WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`), [productIds]);
    await manager.query(
      prepared(`UPDATE product SET count_in_stock = count_in_stock + line.quantity, updated_at = $3
       FROM unnest($1::uuid[], $2::int[]) AS line(id, quantity) WHERE product.id = line.id`),
      [productIds, reservation.lines.map((line) => line.quantity), now],
    );
    await manager.update(StockReservation, { orderId: order.orderId }, { status: 'released', updatedAt: now });
  }
}
