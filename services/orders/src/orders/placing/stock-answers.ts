import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@shop/contracts';
import { Outbox, OutboxRelay, traceparentOfEvent, type OutboxRow } from '@shop/event-bus';
import { prepared, SERVICE_CONFIG, withRequestId } from '@shop/service-kit';
import type { OrdersConfig } from '../../config.js';
import { announceSelected, OrderOutcomes, type Outcome } from './order-outcomes.js';
import { batchTransition, TRANSITIONS } from '../lifecycle/order-state-machine.js';

/**
 * The orders side of the stock saga: the catalog's answers to order.placed
 * confirm or reject orders (transitions of order-state-machine.ts), a batch of answers in one statement.
 * Only an order awaiting its stock moves, so a late or repeated answer changes nothing, and a
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
    private readonly relay: OutboxRelay,
    private readonly outcomes: OrderOutcomes,
    @Inject(SERVICE_CONFIG) config: OrdersConfig,
  ) {
    this.holdMs = config.PAYMENT_HOLD * 1000;
  }

  async reserved(answers: readonly EventEnvelope<'stock.reserved'>[], manager: EntityManager): Promise<void> {
    const now = new Date();
    const payableUntil = new Date(now.getTime() + this.holdMs);
    const moved = await this.settle(manager, answers, {
      ...batchTransition('confirm', { now: '$1', until: '$2' }),
      params: [now, payableUntil, now.toISOString(), payableUntil.toISOString()],
      subject: TRANSITIONS.confirm.emits,
      payload: `jsonb_build_object('orderId', o.id, 'userId', o.user_id)`,
      outcome: `json_build_object('id', o.id, 'state', o.state, 'status', 'confirmed', 'cancelReason', NULL, 'payableUntil', $4::text, 'updatedAt', $3::text)`,
    });
    for (const order of moved) withRequestId(order.correlation_id ?? undefined, () => this.logger.log(`order ${order.id} confirmed`));
    this.ignored(answers, moved);
  }

  async rejected(answers: readonly EventEnvelope<'stock.rejected'>[], manager: EntityManager): Promise<void> {
    const now = new Date();
    const moved = await this.settle(manager, answers, {
      ...batchTransition('reject', { now: '$1', reason: 'answer.reason' }),
      params: [now, now.toISOString()],
      subject: TRANSITIONS.reject.emits,
      payload: `jsonb_build_object('orderId', o.id, 'userId', o.user_id, 'reason', o.cancel_reason)`,
      outcome: `json_build_object('id', o.id, 'state', o.state, 'status', 'cancelled', 'cancelReason', o.cancel_reason, 'payableUntil', NULL, 'cancelledAt', $2::text, 'updatedAt', $2::text)`,
    });
    for (const order of moved) {
      withRequestId(order.correlation_id ?? undefined, () => this.logger.log(`order ${order.id} cancelled: ${order.outcome.cancelReason}`));
    }
    this.ignored(answers, moved);
  }

  /**
   * Moves the answered orders that are still awaiting their stock, records their step of history and their
   * event, and announces their outcome (the
   * times as `toISOString` writes them, as a read of the order answers them), in one statement (one round
   * trip of the consumer's transaction instead of three): which orders move is known only inside it. The
   * placements waiting in this process are answered as soon as the transaction commits, a notification's
   * delivery earlier than the NOTIFY (which still reaches every replica). Answers the orders moved.
   */
  private async settle(
    manager: EntityManager,
    answers: readonly EventEnvelope<'stock.reserved' | 'stock.rejected'>[],
    how: { where: string; set: string; steps: (moved: string) => string; params: unknown[]; subject: string; payload: string; outcome: string },
  ): Promise<{ id: string; outcome: Outcome; correlation_id: string | null }[]> {
    const n = how.params.length;
    const rows: (OutboxRow & { order_id: string; outcome: Outcome; notifications: string })[] = await manager.query(
      prepared(`WITH answer AS (
         SELECT * FROM unnest($${n + 1}::uuid[], $${n + 2}::text[], $${n + 3}::uuid[], $${n + 4}::text[], $${n + 5}::text[])
           AS answer(order_id, reason, event_id, correlation_id, traceparent)
       ),
       moved AS (
         UPDATE customer_order AS o SET ${how.set}
         FROM answer WHERE o.id = answer.order_id AND ${how.where}
         RETURNING o.id, o.cancel_reason, answer.event_id, answer.correlation_id, answer.traceparent, ${how.payload} AS payload, ${how.outcome} AS outcome
       ),
       steps AS (${how.steps('moved')}),
       recorded AS (${Outbox.recordSelected(`SELECT event_id, '${how.subject}', payload, correlation_id, traceparent FROM moved`)}),
       announced AS (${announceSelected(`SELECT outcome FROM moved`)})
       SELECT moved.id AS order_id, moved.outcome, recorded.*, (SELECT count(*) FROM announced) AS notifications
       FROM moved JOIN recorded ON recorded.id = moved.event_id`),
      [
        ...how.params,
        answers.map((answer) => answer.data.orderId),
        answers.map((answer) => ('reason' in answer.data ? answer.data.reason : null)),
        answers.map(() => randomUUID()),
        answers.map((answer) => answer.correlationId ?? null),
        answers.map((answer) => traceparentOfEvent(answer) ?? null),
      ],
    );
    this.outbox.inserted(manager, rows);
    const outcomes = rows.map((row) => row.outcome);
    if (outcomes.length > 0) this.relay.afterCommit(manager, () => this.outcomes.settledHere(outcomes));
    return rows.map((row) => ({ id: row.order_id, outcome: row.outcome, correlation_id: row.correlation_id }));
  }

  private ignored(answers: readonly EventEnvelope<'stock.reserved' | 'stock.rejected'>[], moved: readonly { id: string }[]): void {
    const movedIds = new Set(moved.map((order) => order.id));
    for (const { data, correlationId } of answers) {
      if (movedIds.has(data.orderId)) continue;
      withRequestId(correlationId, () => this.logger.log(`stock answer for order ${data.orderId} ignored: the order is not pending`));
    }
  }
}

