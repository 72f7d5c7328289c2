import { Injectable, Logger } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Subjects, type OrderCancelled, type OrderPlaced, type StockRejected } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { Product } from '../products/product.entity.js';
import { productChangedOf } from '../products/product.views.js';
import { StockReservation, type ReservedLine } from './stock-reservation.entity.js';

/** One line per product, quantities of repeated products added up, in product id order (the lock order). */
export function linesOf(items: OrderPlaced['items']): ReservedLine[] {
  const quantities = new Map<string, number>();
  for (const { productId, quantity } of items) quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  return [...quantities]
    .map(([productId, quantity]) => ({ productId, quantity }))
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/** Why a line cannot be reserved, in words a customer reads on the order; undefined when it can. */
function shortageOf(line: ReservedLine, product: Product | undefined): Omit<StockRejected, 'orderId'> | undefined {
  if (!product) return { productId: line.productId, productName: '', reason: 'A product of this order is no longer sold' };
  if (product.countInStock >= line.quantity) return undefined;
  const reason =
    product.countInStock === 0
      ? `${product.name} is out of stock`
      : `Only ${product.countInStock} of ${product.name} left in stock`;
  return { productId: product.id, productName: product.name, reason };
}

/**
 * The catalog's side of the order saga. An order's stock is reserved all or
 * nothing in the transaction that handles its order.placed event: the
 * products are locked in id order (so concurrent orders never deadlock), every
 * line is checked, then taken by conditional updates that can never go below
 * zero. The outcome is kept per order, so the same order is never reserved or
 * given back twice, whatever the event deliveries.
 */
@Injectable()
export class StockService {
  private readonly logger = new Logger('Stock');

  constructor(private readonly outbox: Outbox) {}

  async reserve(order: OrderPlaced, manager: EntityManager): Promise<void> {
    if (await manager.existsBy(StockReservation, { orderId: order.orderId })) return;
    const lines = linesOf(order.items);
    const products = await manager.find(Product, {
      where: { id: In(lines.map((line) => line.productId)) },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    const byId = new Map(products.map((product) => [product.id, product]));
    const shortage = lines.map((line) => shortageOf(line, byId.get(line.productId))).find(Boolean);
    const now = new Date();
    if (shortage) {
      await manager.insert(StockReservation, { orderId: order.orderId, status: 'rejected', lines, createdAt: now, updatedAt: now });
      await this.outbox.add(manager, Subjects.StockRejected, { orderId: order.orderId, ...shortage });
      this.logger.log(`order ${order.orderId} refused: ${shortage.reason}`);
      return;
    }
    for (const line of lines) {
      const product = await this.takeStock(manager, line, now);
      await this.outbox.add(manager, Subjects.ProductUpdated, productChangedOf(product));
    }
    await manager.insert(StockReservation, { orderId: order.orderId, status: 'reserved', lines, createdAt: now, updatedAt: now });
    await this.outbox.add(manager, Subjects.StockReserved, { orderId: order.orderId });
  }

  /** Gives back the stock of a cancelled order once; a cancellation before its placement leaves a tombstone. */
  async release(order: OrderCancelled, manager: EntityManager): Promise<void> {
    const reservation = await manager.findOne(StockReservation, { where: { orderId: order.orderId }, lock: { mode: 'pessimistic_write' } });
    const now = new Date();
    if (!reservation) {
      await manager.insert(StockReservation, { orderId: order.orderId, status: 'released', lines: [], createdAt: now, updatedAt: now });
      return;
    }
    if (reservation.status !== 'reserved') return;
    // The lines are in product id order, as reservations lock them: no deadlock between the two.
    for (const line of reservation.lines) {
      const result = await manager
        .createQueryBuilder()
        .update(Product)
        .set({ countInStock: () => 'count_in_stock + :quantity', updatedAt: now })
        .setParameter('quantity', line.quantity)
        .where('id = :id', { id: line.productId })
        .execute();
      // A product deleted since the order has no stock to give back.
      if (result.affected === 0) continue;
      const product = await manager.findOneByOrFail(Product, { id: line.productId });
      await this.outbox.add(manager, Subjects.ProductUpdated, productChangedOf(product));
    }
    await manager.update(StockReservation, { orderId: order.orderId }, { status: 'released', updatedAt: now });
  }

  /** Takes a line's quantity from a locked product; never below zero (the update holds the condition too). */
  private async takeStock(manager: EntityManager, line: ReservedLine, now: Date): Promise<Product> {
    const result = await manager
      .createQueryBuilder()
      .update(Product)
      .set({ countInStock: () => 'count_in_stock - :quantity', updatedAt: now })
      .setParameter('quantity', line.quantity)
      .where('id = :id AND count_in_stock >= :quantity', { id: line.productId })
      .execute();
    if (result.affected !== 1) throw new Error(`stock of ${line.productId} changed under its lock`);
    return manager.findOneByOrFail(Product, { id: line.productId });
  }
}
