import { BadRequestException, ConflictException } from '@nestjs/common';
import { Subjects, type OrderStatus, type Subject } from '@shop/contracts';
import type { Order } from '../order.entity.js';

/**
 * An order's life, written in one place (Vendure's order-state.ts and eShop's Order aggregate are the
 * models): the states, which transitions exist, who may make each one, what it writes and what it
 * emits. Services make transitions (`OrderTransitions` for one order, the set-based SQL of
 * `transitionSql` for batches such as the catalog's stock answers); they never set the columns
 * themselves. The API keeps answering the columns it always had (status, isPaid, isDelivered,
 * payableUntil), which the states are made of:
 *
 * ```
 *               stock.reserved          pay (buyer)         deliver (admin)
 *  awaiting-stock ──────────▶ awaiting-payment ──────────▶ paid ──────────▶ delivered
 *      │  stock.rejected          │  deadline / admin        │  refund (admin)   │ refund (admin)
 *      │  admin cancel            ▼                          ▼                   ▼
 *      └──────────────────▶ cancelled                     refunded ◀────────────┘
 * ```
 */
export const ORDER_STATES = ['awaiting-stock', 'awaiting-payment', 'paid', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Each state as the order's columns hold it: the condition on `customer_order` (aliased `o`) that is true in it. */
const STATE_SQL: Record<OrderState, string> = {
  'awaiting-stock': `o.status = 'pending'`,
  'awaiting-payment': `(o.status = 'confirmed' AND NOT o.is_paid)`,
  paid: `(o.status = 'confirmed' AND o.is_paid AND NOT o.is_delivered)`,
  delivered: `(o.status = 'confirmed' AND o.is_delivered)`,
  cancelled: `o.status = 'cancelled'`,
  refunded: `o.status = 'refunded'`,
};

/** The state of an order from its columns. */
export function stateOf(order: Pick<Order, 'status' | 'isPaid' | 'isDelivered'>): OrderState {
  if (order.status === 'pending') return 'awaiting-stock';
  if (order.status === 'cancelled') return 'cancelled';
  if (order.status === 'refunded') return 'refunded';
  if (!order.isPaid) return 'awaiting-payment';
  return order.isDelivered ? 'delivered' : 'paid';
}

/** An SQL expression giving an order's state (for reads that group or filter by it, such as the dashboard). */
export const ORDER_STATE_SQL = `CASE ${ORDER_STATES.map((state) => `WHEN ${STATE_SQL[state]} THEN '${state}'`).join(' ')} END`;

/** Who makes a transition: the shop itself (an event, a deadline), the buyer of the order, or an admin. */
export type OrderActor = { kind: 'shop' } | { kind: 'buyer'; id: string } | { kind: 'admin'; id: string; name: string };

/** What a transition writes besides leaving its states: the order's columns. */
type Writes = Partial<Pick<Order, 'status' | 'cancelReason' | 'payableUntil' | 'isPaid' | 'paidAt' | 'isDelivered' | 'deliveredAt' | 'cancelledAt' | 'cancelledById' | 'cancelledByName' | 'refundedAt' | 'refundedById' | 'refundedByName'>>;

export interface TransitionDefinition {
  from: readonly OrderState[];
  to: OrderState;
  /** Who may make it. */
  by: readonly OrderActor['kind'][];
  /** The event it emits, in the same transaction (through the outbox). */
  emits: Subject;
  /** What the caller is told when the order is in none of `from`. */
  refusal: (state: OrderState) => { status: 400 | 409; message: string };
}

export const ORDER_CANCELLED = 'Order was cancelled';
export const ORDER_REFUNDED = 'Order was refunded';
export const CANCELLED_BY_ADMIN = 'Cancelled by the shop';

/** The usual refusal: the order has moved on, or is not there yet. */
function notNow(what: string) {
  return (state: OrderState): { status: 400 | 409; message: string } => {
    if (state === 'cancelled') return { status: 400, message: ORDER_CANCELLED };
    if (state === 'refunded') return { status: 400, message: ORDER_REFUNDED };
    if (state === 'awaiting-stock') return { status: 409, message: 'Order is not confirmed yet' };
    return { status: 400, message: `Order cannot be ${what}: it is ${state.replace('-', ' ')}` };
  };
}

/** Every transition of an order. */
export const TRANSITIONS = {
  /** The catalog reserved every line (stock.reserved). */
  confirm: { from: ['awaiting-stock'], to: 'awaiting-payment', by: ['shop'], emits: Subjects.OrderConfirmed, refusal: notNow('confirmed') },
  /** The catalog could not reserve a line (stock.rejected); nothing was reserved. */
  reject: { from: ['awaiting-stock'], to: 'cancelled', by: ['shop'], emits: Subjects.OrderCancelled, refusal: notNow('cancelled') },
  /** Not paid within PAYMENT_HOLD: the stock goes back on sale. */
  expire: { from: ['awaiting-payment'], to: 'cancelled', by: ['shop'], emits: Subjects.OrderCancelled, refusal: notNow('cancelled') },
  /** A capture of the order's total, checked with PayPal (OrderPayments). */
  pay: {
    from: ['awaiting-payment'],
    to: 'paid',
    by: ['buyer'],
    emits: Subjects.OrderPaid,
    refusal: (state) => (state === 'paid' || state === 'delivered' ? { status: 409, message: 'Order is already paid' } : notNow('paid')(state)),
  },
  /** An admin hands a paid order over. */
  deliver: {
    from: ['paid'],
    to: 'delivered',
    by: ['admin'],
    emits: Subjects.OrderDelivered,
    refusal: (state) => (state === 'awaiting-payment' || state === 'awaiting-stock' ? { status: 400, message: 'Order is not paid yet' } : notNow('delivered')(state)),
  },
  /** An admin cancels an order nobody paid for; its stock goes back. */
  cancel: {
    from: ['awaiting-stock', 'awaiting-payment'],
    to: 'cancelled',
    by: ['admin'],
    emits: Subjects.OrderCancelled,
    refusal: (state) =>
      state === 'paid' || state === 'delivered' ? { status: 400, message: 'A paid order is refunded, not cancelled' } : notNow('cancelled')(state),
  },
  /** An admin gives a paid order's payment back (PayPal's refund API); a paid order not delivered yet also gives its stock back. */
  refund: {
    from: ['paid', 'delivered'],
    to: 'refunded',
    by: ['admin'],
    emits: Subjects.OrderRefunded,
    refusal: (state) => (state === 'awaiting-payment' || state === 'awaiting-stock' ? { status: 400, message: 'Order is not paid: cancel it instead' } : notNow('refunded')(state)),
  },
} as const satisfies Record<string, TransitionDefinition>;

export type TransitionName = keyof typeof TRANSITIONS;

/**
 * Checks that `actor` may make `name` on an order in `state`; throws the transition's refusal (400 or
 * 409 with its message) when the order is not in one of its states, and a 403-like error never arises
 * here: the controllers' guards decide who reaches a transition, this says which they may make.
 */
export function assertTransition(name: TransitionName, state: OrderState, actor: OrderActor): void {
  const transition: TransitionDefinition = TRANSITIONS[name];
  if (!transition.by.includes(actor.kind)) throw new Error(`${actor.kind} may not ${name} an order`);
  if (transition.from.includes(state)) return;
  const { status, message } = transition.refusal(state);
  throw status === 409 ? new ConflictException(message) : new BadRequestException(message);
}

/** What `name` writes into the order's columns at `now`, by `actor`, with its details. */
export function writesOf(name: TransitionName, now: Date, actor: OrderActor, details: { reason?: string; payableUntil?: Date } = {}): Writes & { updatedAt: Date } {
  const by = actor.kind === 'admin' ? { id: actor.id, name: actor.name } : { id: null, name: null };
  switch (name) {
    case 'confirm':
      return { status: 'confirmed', payableUntil: details.payableUntil ?? null, updatedAt: now };
    case 'reject':
    case 'expire':
    case 'cancel':
      return {
        status: 'cancelled',
        cancelReason: details.reason ?? CANCELLED_BY_ADMIN,
        cancelledAt: now,
        cancelledById: by.id,
        cancelledByName: by.name,
        updatedAt: now,
      };
    case 'pay':
      return { isPaid: true, paidAt: now, updatedAt: now };
    case 'deliver':
      return { isDelivered: true, deliveredAt: now, updatedAt: now };
    case 'refund':
      return { status: 'refunded', refundedAt: now, refundedById: by.id, refundedByName: by.name, updatedAt: now };
  }
}

/**
 * A transition for many orders in one statement (the catalog's stock answers, the payment deadline
 * sweep): the condition an order must meet to take it (its `from` states) and the SET clause of what it
 * writes, with the reason and times as the statement's parameters `$reason`, `$now`, `$until` named by
 * the caller's numbering.
 */
export function transitionSql(name: 'confirm' | 'reject' | 'expire', params: { now: string; reason?: string; until?: string }): { where: string; set: string } {
  const transition: TransitionDefinition = TRANSITIONS[name];
  const where = transition.from.map((state) => STATE_SQL[state]).join(' OR ');
  const status: OrderStatus = transition.to === 'cancelled' ? 'cancelled' : 'confirmed';
  if (name === 'confirm') return { where: `(${where})`, set: `status = '${status}', payable_until = ${params.until}, updated_at = ${params.now}` };
  return {
    where: `(${where})`,
    set: `status = '${status}', cancel_reason = ${params.reason}, cancelled_at = ${params.now}, cancelled_by_id = NULL, cancelled_by_name = NULL, updated_at = ${params.now}`,
  };
}
