import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { StockAnswers } from '../orders/placing/stock-answers.js';

/** stock.reserved: catalog holds every line of the order, so a pending order is confirmed (and can be paid for PAYMENT_HOLD). */
@EventHandler({ consumer: 'stock', subject: Subjects.StockReserved })
export class StockReservedHandler implements HandlesEventBatch<'stock.reserved'> {
  constructor(private readonly answers: StockAnswers) {}

  handleBatch(events: EventEnvelope<'stock.reserved'>[], manager: EntityManager): Promise<void> {
    return this.answers.reserved(events, manager);
  }
}
