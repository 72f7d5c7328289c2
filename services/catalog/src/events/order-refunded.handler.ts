import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEvent } from '@shop/event-bus';
import { StockService } from '../stock/stock.service.js';

/**
 * order.refunded: a paid order an admin gave the money back for. One not delivered yet (`restock`) gives
 * its reserved stock back, once, as a cancelled one does; a delivered one left the warehouse, so its
 * stock stays as it is.
 */
@EventHandler({ consumer: 'orders', subject: Subjects.OrderRefunded })
export class OrderRefundedHandler implements HandlesEvent<'order.refunded'> {
  constructor(private readonly stock: StockService) {}

  async handle(event: EventEnvelope<'order.refunded'>, manager: EntityManager): Promise<void> {
    if (event.data.restock) await this.stock.release(event.data, manager);
  }
}
