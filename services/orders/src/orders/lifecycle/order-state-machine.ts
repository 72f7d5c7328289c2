import { BadRequestException, ConflictException } from '@nestjs/common';
import { ORDER_STATES, Subjects, type OrderEventType, type OrderState, type OrderStatus, type Subject } from '@shop/contracts';
import type { Order } from '../order.entity.js';

export { ORDER_STATES, type OrderState };

/**
 * An order's life, written in one place (Vendure's order-state.ts and eShop's Order aggregate are the
 * models): the states, which transitions exist, who may make each one, what it writes, what it emits
 * and which step of the order's history it records. An order's one `state` column changes only through
 * `OrderLifecycle` (order-lifecycle.ts): `transition()` for one order, and the set-based statements
 * `batchTransition` generates from this table for many (the catalog's stock answers, the payment
 * deadlines); placing an order is the `place` transition, written by OrderWrites with the same table.
 * The API keeps answering the fields it always had (status, isPaid, isDelivered), derived from the state:
 *
 * ```
 *   place (buyer)     stock.reserved          pay (buyer)         deliver (admin)
 *  ─────────▶ awaiting-stock ──────────▶ awaiting-payment ──────────▶ paid ──────────▶ delivered
 *                 │  stock.rejected          │  deadline / admin        │  refund (admin)   │ refund (admin)
 *                 │  admin cancel            ▼                          ▼                   ▼
 *                 └──────────────────▶ cancelled                     refunded ◀────────────┘
 * ```
 */

/** The spec's `status` of an order in `state`. */
export function statusOf(state: OrderState): OrderStatus {
  if (state === 'awaiting-stock') return 'pending';
  if (state === 'cancelled' || state === 'refunded') return state;
  return 'confirmed';
}

/** The spec's `isPaid`: paid, and still so once delivered or refunded (the money went back, the order was paid). */
export const isPaidIn = (state: OrderState): boolean => state === 'paid' || state === 'delivered' || state === 'refunded';

/** The spec's `isDelivered`: delivered, and still so once refunded after its delivery. */
export const isDeliveredIn = (state: OrderState, deliveredAt: Date | null): boolean => state === 'delivered' || (state === 'refunded' && deliveredAt !== null);

/** The same derivations in SQL, over `customer_order` aliased `o`, generated from the functions above (for lists, filters and exports). */
export const STATUS_SQL = `CASE o.state ${ORDER_STATES.map((state) => `WHEN '${state}' THEN '${statusOf(state)}'`).join(' ')} END`;
export const IS_PAID_SQL = `(o.state IN (${ORDER_STATES.filter(isPaidIn).map((state) => `'${state}'`).join(', ')}))`;
export const IS_DELIVERED_SQL = `(o.state = 'delivered' OR (o.state = 'refunded' AND o.delivered_at IS NOT NULL))`;

/** Who makes a transition: the shop itself (an event, a deadline), the buyer of the order, or an admin. */
export type OrderActor = { kind: 'shop' } | { kind: 'buyer'; id: string } | { kind: 'admin'; id: string; name: string };

/** What a transition writes besides leaving its states: the order's columns. */
type Writes = Partial<Pick<Order, 'cancelReason' | 'payableUntil' | 'paidAt' | 'deliveredAt' | 'cancelledAt' | 'cancelledById' | 'cancelledByName' | 'refundedAt' | 'refundedById' | 'refundedByName'>>;

export interface TransitionDefinition {
  /** The states it leaves; none for `place`, which makes the order. */
  from: readonly OrderState[];
  to: OrderState;
  /** Who may make it. */
  by: readonly OrderActor['kind'][];
  /** The event it emits, in the same transaction (through the outbox). */
  emits: Subject;
  /** The step of the order's history it records, in the same transaction. */
  records: OrderEventType;
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
  /** The buyer places the order (POST /api/orders): it waits for the catalog's stock answer. */
  place: { from: [], to: 'awaiting-stock', by: ['buyer'], emits: Subjects.OrderPlaced, records: 'placed', refusal: notNow('placed') },
  /** The catalog reserved every line (stock.reserved). */
  confirm: { from: ['awaiting-stock'], to: 'awaiting-payment', by: ['shop'], emits: Subjects.OrderConfirmed, records: 'stock-reserved', refusal: notNow('confirmed') },
  /** The catalog could not reserve a line (stock.rejected); nothing was reserved. */
  reject: { from: ['awaiting-stock'], to: 'cancelled', by: ['shop'], emits: Subjects.OrderCancelled, records: 'stock-refused', refusal: notNow('cancelled') },
  /** Not paid within PAYMENT_HOLD: the stock goes back on sale. */
  expire: { from: ['awaiting-payment'], to: 'cancelled', by: ['shop'], emits: Subjects.OrderCancelled, records: 'payment-expired', refusal: notNow('cancelled') },
  /** A capture of the order's total, checked with PayPal (OrderPayments). */
  pay: {
    from: ['awaiting-payment'],
    to: 'paid',
    by: ['buyer'],
    emits: Subjects.OrderPaid,
    records: 'paid',
    refusal: (state) => (state === 'paid' || state === 'delivered' ? { status: 409, message: 'Order is already paid' } : notNow('paid')(state)),
  },
  /** An admin hands a paid order over. */
  deliver: {
    from: ['paid'],
    to: 'delivered',
    by: ['admin'],
    emits: Subjects.OrderDelivered,
    records: 'delivered',
    refusal: (state) => (state === 'awaiting-payment' || state === 'awaiting-stock' ? { status: 400, message: 'Order is not paid yet' } : notNow('delivered')(state)),
  },
  /** An admin cancels an order nobody paid for; its stock goes back. */
  cancel: {
    from: ['awaiting-stock', 'awaiting-payment'],
    to: 'cancelled',
    by: ['admin'],
    emits: Subjects.OrderCancelled,
    records: 'cancelled',
    refusal: (state) =>
      state === 'paid' || state === 'delivered' ? { status: 400, message: 'A paid order is refunded, not cancelled' } : notNow('cancelled')(state),
  },
  /** An admin gives a paid order's payment back (PayPal's refund API); a paid order not delivered yet also gives its stock back. */
  refund: {
    from: ['paid', 'delivered'],
    to: 'refunded',
    by: ['admin'],
    emits: Subjects.OrderRefunded,
    records: 'refunded',
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

/** What `name` writes into the order's columns at `now`, by `actor`, with its details: its new state first. */
export function writesOf(name: Exclude<TransitionName, 'place'>, now: Date, actor: OrderActor, details: { reason?: string; payableUntil?: Date } = {}): Writes & { state: OrderState; updatedAt: Date } {
  const by = actor.kind === 'admin' ? { id: actor.id, name: actor.name } : { id: null, name: null };
  const state = TRANSITIONS[name].to;
  switch (name) {
    case 'confirm':
      return { state, payableUntil: details.payableUntil ?? null, updatedAt: now };
    case 'reject':
    case 'expire':
    case 'cancel':
      return {
        state,
        cancelReason: details.reason ?? CANCELLED_BY_ADMIN,
        cancelledAt: now,
        cancelledById: by.id,
        cancelledByName: by.name,
        updatedAt: now,
      };
    case 'pay':
      return { state, paidAt: now, updatedAt: now };
    case 'deliver':
      return { state, deliveredAt: now, updatedAt: now };
    case 'refund':
      return { state, refundedAt: now, refundedById: by.id, refundedByName: by.name, updatedAt: now };
  }
}

/** The transitions the shop makes for many orders in one statement. */
export type BatchTransitionName = 'confirm' | 'reject' | 'expire';

/** `a, b` as SQL string literals: `'a', 'b'` (the states and types are this file's constants, never input). */
const literals = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

/**
 * A transition for many orders in one statement (the catalog's stock answers, the payment deadline
 * sweep), generated from TRANSITIONS: the condition an order must meet to take it (its `from` states,
 * over `customer_order` aliased `o`), the SET clause of what it writes (the reason and times are the
 * statement's parameters or columns, named by the caller: `now`, `reason`, `until`), and `steps(moved)`,
 * the INSERT recording each moved order's step of history from a CTE `moved` that returns the orders'
 * `id` and `cancel_reason`. The shop makes these, so no actor is named.
 */
export function batchTransition(name: BatchTransitionName, params: { now: string; reason?: string; until?: string }): { where: string; set: string; steps: (moved: string) => string } {
  const transition: TransitionDefinition = TRANSITIONS[name];
  const [from] = transition.from;
  if (transition.from.length !== 1) throw new Error(`${name} leaves ${transition.from.length} states: a batch records one`);
  const where = `o.state IN (${literals(transition.from)})`;
  const set =
    name === 'confirm'
      ? `state = '${transition.to}', payable_until = ${params.until}, updated_at = ${params.now}`
      : `state = '${transition.to}', cancel_reason = ${params.reason}, cancelled_at = ${params.now}, cancelled_by_id = NULL, cancelled_by_name = NULL, updated_at = ${params.now}`;
  const reason = transition.to === 'cancelled' ? 'cancel_reason' : 'NULL';
  return {
    where: `(${where})`,
    set,
    steps: (moved) =>
      `INSERT INTO order_event (order_id, type, at, from_state, to_state, actor_kind, reason)
       SELECT id, '${transition.records}', ${params.now}, '${from}', '${transition.to}', 'shop', ${reason} FROM ${moved}`,
  };
}
