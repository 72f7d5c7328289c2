import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEvent } from '@shop/event-bus';
import { StockService } from '../stock/stock.service.js';

/** order.cancelled: the stock reserved for the order goes back, once. */
@EventHandler({ consumer: 'orders', subject: Subjects.OrderCancelled })
export class OrderCancelledHandler implements HandlesEvent<'order.cancelled'> {
  constructor(private readonly stock: StockService) {}

  handle(event: EventEnvelope<'order.cancelled'>, manager: EntityManager): Promise<void> {
    return this.stock.release(event.data, manager);
  }
}
