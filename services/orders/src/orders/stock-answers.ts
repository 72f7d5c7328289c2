import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { SERVICE_CONFIG, withRequestId } from '@shop/service-kit';
import type { OrdersConfig } from '../config.js';
import { OrderOutcomes } from './order-outcomes.js';

/**
 * The orders side of the stock saga: the catalog's answers to order.placed
 * confirm or cancel orders, a batch of answers in one statement. Only a
 * pending order moves, so a late or repeated answer changes nothing, and a
 * cancelled order stays cancelled. A confirmed order can be paid for
 * PAYMENT_HOLD from its confirmation (see PaymentDeadlines). Whoever waits for an order's outcome hears
 * of it once the transaction commits. Each order's event and log line carry its answer's correlation id
 * (the request that placed it).
 */
@Injectable()
export class StockAnswers {
  private readonly logger = new Logger('OrderSaga');

  private readonly holdMs: number;

  constructor(
    private readonly outbox: Outbox,
    private readonly outcomes: OrderOutcomes,
    @Inject(SERVICE_CONFIG) config: OrdersConfig,
  ) {
    this.holdMs = config.PAYMENT_HOLD * 1000;
  }

  async reserved(answers: readonly EventEnvelope<'stock.reserved'>[], manager: EntityManager): Promise<void> {
    const requestOf = requestsByOrder(answers);
    const now = new Date();
    const payableUntil = new Date(now.getTime() + this.holdMs);
    const [confirmed]: [{ id: string; user_id: string }[], number] = await manager.query(
      `UPDATE customer_order SET status = 'confirmed', payable_until = $3, updated_at = $2
       WHERE id = ANY($1::uuid[]) AND status = 'pending'
       RETURNING id, user_id`,
      [answers.map((answer) => answer.data.orderId), now, payableUntil],
    );
    for (const order of confirmed) withRequestId(requestOf.get(order.id), () => this.logger.log(`order ${order.id} confirmed`));
    await this.outbox.addMany(
      manager,
      confirmed.map((order) => ({
        subject: Subjects.OrderConfirmed,
        data: { orderId: order.id, userId: order.user_id },
        correlationId: requestOf.get(order.id),
      })),
    );
    await this.outcomes.announce(
      manager,
      confirmed.map((order) => ({ id: order.id, status: 'confirmed', cancelReason: null, payableUntil: payableUntil.toISOString(), updatedAt: now.toISOString() })),
    );
    this.ignored(answers, confirmed);
  }

  async rejected(answers: readonly EventEnvelope<'stock.rejected'>[], manager: EntityManager): Promise<void> {
    const requestOf = requestsByOrder(answers);
    const now = new Date();
    const [cancelled]: [{ id: string; user_id: string; cancel_reason: string }[], number] = await manager.query(
      `UPDATE customer_order AS o SET status = 'cancelled', cancel_reason = answer.reason, updated_at = $3
       FROM unnest($1::uuid[], $2::text[]) AS answer(id, reason)
       WHERE o.id = answer.id AND o.status = 'pending'
       RETURNING o.id, o.user_id, o.cancel_reason`,
      [answers.map((answer) => answer.data.orderId), answers.map((answer) => answer.data.reason), now],
    );
    for (const order of cancelled) {
      withRequestId(requestOf.get(order.id), () => this.logger.log(`order ${order.id} cancelled: ${order.cancel_reason}`));
    }
    await this.outbox.addMany(
      manager,
      cancelled.map((order) => ({
        subject: Subjects.OrderCancelled,
        data: { orderId: order.id, userId: order.user_id, reason: order.cancel_reason },
        correlationId: requestOf.get(order.id),
      })),
    );
    await this.outcomes.announce(
      manager,
      cancelled.map((order) => ({ id: order.id, status: 'cancelled', cancelReason: order.cancel_reason, payableUntil: null, updatedAt: now.toISOString() })),
    );
    this.ignored(answers, cancelled);
  }

  private ignored(answers: readonly EventEnvelope<'stock.reserved' | 'stock.rejected'>[], moved: readonly { id: string }[]): void {
    const movedIds = new Set(moved.map((order) => order.id));
    for (const { data, correlationId } of answers) {
      if (movedIds.has(data.orderId)) continue;
      withRequestId(correlationId, () => this.logger.log(`stock answer for order ${data.orderId} ignored: the order is not pending`));
    }
  }
}

/** The request that placed each answered order (the answer's correlation id). */
function requestsByOrder(answers: readonly EventEnvelope<'stock.reserved' | 'stock.rejected'>[]): Map<string, string | undefined> {
  return new Map(answers.map((answer) => [answer.data.orderId, answer.correlationId]));
}
