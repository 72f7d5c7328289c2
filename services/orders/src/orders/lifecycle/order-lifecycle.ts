import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderEventType } from '@shop/contracts';
import type { Emit } from '@shop/event-bus';
import { prepared } from '@shop/service-kit';
import { Order } from '../order.entity.js';
import { assertTransition, TRANSITIONS, writesOf, type OrderActor, type OrderState, type TransitionName } from './order-state-machine.js';

/** A step of an order's history that moves nothing (a refused payment, a refund made or retried, a mail). */
export interface OrderStep {
  orderId: string;
  type: Exclude<OrderEventType, (typeof TRANSITIONS)[TransitionName]['records']>;
  at: Date;
  actor: OrderActor;
  reason?: string | null;
  details?: Record<string, string | number>;
}

/** What a transition of one order says besides its writes: the reason of a cancellation, a confirmation's deadline, the step's details. */
export interface TransitionDetails {
  reason?: string;
  payableUntil?: Date;
  /** Columns written with it that are not the machine's (the PayPal ids and result of a payment). */
  columns?: Partial<Pick<Order, 'paypalOrderId' | 'paypalCaptureId' | 'paymentResult'>>;
  /** What the history's step keeps of it (for admins). */
  step?: Record<string, string | number>;
}

const INSERT_STEPS = `
  INSERT INTO order_event (order_id, type, at, from_state, to_state, actor_kind, actor_id, actor_name, reason, details)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::text[], $9::text[], $10::jsonb[])`;

interface StepRow {
  orderId: string;
  type: OrderEventType;
  at: Date;
  from: OrderState | null;
  to: OrderState | null;
  actor: OrderActor;
  reason: string | null;
  details: Record<string, string | number>;
}

/**
 * The only code that changes an order's state. `transition()` moves one order (locked by the caller):
 * it checks the move and the actor against the state machine, writes the state and what goes with it,
 * emits the transition's event through the outbox and records the step of history, all in the caller's
 * transaction. The set-based statements of `batchTransition` (order-state-machine.ts) do the same for
 * many orders at once, and OrderWrites records the `placed` step as it stores orders. `record()` keeps the
 * steps that move nothing. The history is only ever added to (a trigger refuses anything else).
 */
@Injectable()
export class OrderLifecycle {
  /**
   * Makes transition `name` of `order` (its row locked in `manager`'s transaction) by `actor`; answers
   * its time. Throws the machine's refusal (400 or 409) when the order is not in one of its states, and
   * then nothing is written.
   */
  async transition(manager: EntityManager, emit: Emit, order: Order, name: Exclude<TransitionName, 'place'>, actor: OrderActor, details: TransitionDetails = {}): Promise<Date> {
    const from = order.state;
    assertTransition(name, from, actor);
    const now = new Date();
    const writes = { ...writesOf(name, now, actor, details), ...details.columns };
    await manager.update(Order, { id: order.id }, writes);
    await insertSteps(manager, [
      { orderId: order.id, type: TRANSITIONS[name].records, at: now, from, to: writes.state, actor, reason: writes.cancelReason ?? null, details: details.step ?? {} },
    ]);
    await this.emitOf(emit, name, order, from, now, writes.cancelReason ?? null);
    Object.assign(order, writes);
    return now;
  }

  /** Records steps that move nothing, in `manager`'s transaction (or on their own with the data source's manager). */
  record(manager: EntityManager, steps: readonly OrderStep[]): Promise<void> {
    return recordOrderSteps(manager, steps);
  }

  /** The transition's event, as its consumers read it (the catalog restocks on order.cancelled and on a refund before delivery). */
  private async emitOf(emit: Emit, name: Exclude<TransitionName, 'place'>, order: Order, from: OrderState, now: Date, reason: string | null): Promise<void> {
    const ids = { orderId: order.id, userId: order.userId };
    switch (name) {
      case 'confirm':
        return emit(TRANSITIONS.confirm.emits, ids);
      case 'reject':
      case 'expire':
      case 'cancel':
        return emit(TRANSITIONS[name].emits, { ...ids, reason: reason ?? '' });
      case 'pay':
        return emit(TRANSITIONS.pay.emits, { ...ids, totalCents: order.totalCents, paidAt: now.toISOString() });
      case 'deliver':
        return emit(TRANSITIONS.deliver.emits, { ...ids, deliveredAt: now.toISOString() });
      case 'refund':
        return emit(TRANSITIONS.refund.emits, { ...ids, totalCents: order.totalCents, refundedAt: now.toISOString(), restock: from === 'paid' });
    }
  }
}

/** OrderLifecycle's `record`, for code outside Nest's injection (the mail sender's outcomes). */
export async function recordOrderSteps(manager: EntityManager, steps: readonly OrderStep[]): Promise<void> {
  await insertSteps(
    manager,
    steps.map((step) => ({ ...step, from: null, to: null, reason: step.reason ?? null, details: step.details ?? {} })),
  );
}

/** The `placed` steps of orders a CTE `placed` (returning id, user_id, created_at) just stored: for OrderWrites' statement. */
export function placementSteps(placed: string): string {
  const { to, records } = TRANSITIONS.place;
  return `INSERT INTO order_event (order_id, type, at, from_state, to_state, actor_kind, actor_id)
    SELECT id, '${records}', created_at, NULL, '${to}', 'buyer', user_id FROM ${placed}`;
}

async function insertSteps(manager: EntityManager, steps: readonly StepRow[]): Promise<void> {
  if (steps.length === 0) return;
  await manager.query(prepared(INSERT_STEPS), [
    steps.map((step) => step.orderId),
    steps.map((step) => step.type),
    steps.map((step) => step.at),
    steps.map((step) => step.from),
    steps.map((step) => step.to),
    steps.map((step) => step.actor.kind),
    steps.map((step) => (step.actor.kind === 'shop' ? null : step.actor.id)),
    steps.map((step) => (step.actor.kind === 'admin' ? step.actor.name : null)),
    steps.map((step) => step.reason),
    steps.map((step) => JSON.stringify(step.details)),
  ]);
}
