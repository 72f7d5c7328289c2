import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { StockService } from '../stock/stock.service.js';

/** order.placed: each order's stock is reserved, all or nothing, and answered with stock.reserved or stock.rejected. */
@EventHandler({ consumer: 'orders', subject: Subjects.OrderPlaced })
export class OrderPlacedHandler implements HandlesEventBatch<'order.placed'> {
  constructor(private readonly stock: StockService) {}

  handleBatch(events: EventEnvelope<'order.placed'>[], manager: EntityManager): Promise<void> {
    return this.stock.reserve(events, manager);
  }
}
