import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { StockAnswers } from '../orders/placing/stock-answers.js';

/** stock.rejected: catalog could not hold a line, so a pending order is cancelled with the reason its customer reads. */
@EventHandler({ consumer: 'stock', subject: Subjects.StockRejected })
export class StockRejectedHandler implements HandlesEventBatch<'stock.rejected'> {
  constructor(private readonly answers: StockAnswers) {}

  handleBatch(events: EventEnvelope<'stock.rejected'>[], manager: EntityManager): Promise<void> {
    return this.answers.rejected(events, manager);
  }
}
