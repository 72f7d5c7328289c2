import { BadRequestException, ConflictException } from '@nestjs/common';
import {
  assertTransition,
  batchTransition,
  isDeliveredIn,
  isPaidIn,
  IS_PAID_SQL,
  ORDER_STATES,
  statusOf,
  STATUS_SQL,
  TRANSITIONS,
  writesOf,
  type OrderActor,
  type OrderState,
  type TransitionName,
} from './order-state-machine.js';

const admin: OrderActor = { kind: 'admin', id: '7f1e2d3c-4b5a-4697-8877-665544332211', name: 'Ada Admin' };
const shop: OrderActor = { kind: 'shop' };
const buyer: OrderActor = { kind: 'buyer', id: '3a2b1c0d-9e8f-4a6b-8c5d-4e3f2a1b0c9d' };

/** Every transition, the states it leaves and who makes it: the machine as docs/orders.md draws it. */
type Moving = Exclude<TransitionName, 'place'>;
const EXPECTED: Record<Moving, { from: OrderState[]; to: OrderState; actor: OrderActor }> = {
  confirm: { from: ['awaiting-stock'], to: 'awaiting-payment', actor: shop },
  reject: { from: ['awaiting-stock'], to: 'cancelled', actor: shop },
  expire: { from: ['awaiting-payment'], to: 'cancelled', actor: shop },
  pay: { from: ['awaiting-payment'], to: 'paid', actor: buyer },
  deliver: { from: ['paid'], to: 'delivered', actor: admin },
  cancel: { from: ['awaiting-stock', 'awaiting-payment'], to: 'cancelled', actor: admin },
  refund: { from: ['paid', 'delivered'], to: 'refunded', actor: admin },
};

describe("an order's state machine", () => {
  it('derives the fields the API answers from the state', () => {
    const answer = (state: OrderState, deliveredAt: Date | null = null) => ({ status: statusOf(state), isPaid: isPaidIn(state), isDelivered: isDeliveredIn(state, deliveredAt) });
    expect(answer('awaiting-stock')).toEqual({ status: 'pending', isPaid: false, isDelivered: false });
    expect(answer('awaiting-payment')).toEqual({ status: 'confirmed', isPaid: false, isDelivered: false });
    expect(answer('paid')).toEqual({ status: 'confirmed', isPaid: true, isDelivered: false });
    expect(answer('delivered', new Date())).toEqual({ status: 'confirmed', isPaid: true, isDelivered: true });
    expect(answer('cancelled')).toEqual({ status: 'cancelled', isPaid: false, isDelivered: false });
    expect(answer('refunded')).toEqual({ status: 'refunded', isPaid: true, isDelivered: false });
    expect(answer('refunded', new Date())).toEqual({ status: 'refunded', isPaid: true, isDelivered: true });
    expect(STATUS_SQL).toBe(
      `CASE o.state WHEN 'awaiting-stock' THEN 'pending' WHEN 'awaiting-payment' THEN 'confirmed' WHEN 'paid' THEN 'confirmed' WHEN 'delivered' THEN 'confirmed' WHEN 'cancelled' THEN 'cancelled' WHEN 'refunded' THEN 'refunded' END`,
    );
    expect(IS_PAID_SQL).toBe(`(o.state IN ('paid', 'delivered', 'refunded'))`);
  });

  it('places an order awaiting its stock, by its buyer, and records each transition as its own step', () => {
    expect(TRANSITIONS['place']).toMatchObject({ from: [], to: 'awaiting-stock', by: ['buyer'], emits: 'order.placed', records: 'placed' });
    const steps = Object.values(TRANSITIONS).map((transition) => transition.records);
    expect(new Set(steps).size).toBe(steps.length);
  });

  it.each(Object.entries(EXPECTED) as [Moving, (typeof EXPECTED)[Moving]][])('%s leaves exactly its states, for its actor', (name, { from, to, actor }) => {
    expect(TRANSITIONS[name].to).toBe(to);
    for (const state of ORDER_STATES) {
      if (from.includes(state)) expect(() => assertTransition(name, state, actor)).not.toThrow();
      else expect(() => assertTransition(name, state, actor)).toThrow(expect.objectContaining({ message: expect.any(String) }));
    }
    const other: OrderActor = actor.kind === 'admin' ? buyer : admin;
    expect(() => assertTransition(name, from[0] as OrderState, other)).toThrow(`${other.kind} may not ${name} an order`);
  });

  it('refuses in words a caller can act on, 409 only for what may still change by itself', () => {
    const refusal = (name: Moving, state: OrderState) => {
      try {
        assertTransition(name, state, EXPECTED[name].actor);
      } catch (error) {
        return { conflict: error instanceof ConflictException, bad: error instanceof BadRequestException, message: (error as Error).message };
      }
      return undefined;
    };
    expect(refusal('cancel', 'paid')).toEqual({ conflict: false, bad: true, message: 'A paid order is refunded, not cancelled' });
    expect(refusal('refund', 'awaiting-payment')).toEqual({ conflict: false, bad: true, message: 'Order is not paid: cancel it instead' });
    expect(refusal('refund', 'refunded')).toEqual({ conflict: false, bad: true, message: 'Order was refunded' });
    expect(refusal('deliver', 'awaiting-payment')).toEqual({ conflict: false, bad: true, message: 'Order is not paid yet' });
    expect(refusal('pay', 'awaiting-stock')).toEqual({ conflict: true, bad: false, message: 'Order is not confirmed yet' });
    expect(refusal('pay', 'delivered')).toEqual({ conflict: true, bad: false, message: 'Order is already paid' });
    expect(refusal('pay', 'cancelled')).toEqual({ conflict: false, bad: true, message: 'Order was cancelled' });
  });

  it('writes who cancelled or refunded, and when; the shop leaves no name', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(writesOf('cancel', now, admin)).toEqual({
      state: 'cancelled',
      cancelReason: 'Cancelled by the shop',
      cancelledAt: now,
      cancelledById: admin.kind === 'admin' ? admin.id : null,
      cancelledByName: 'Ada Admin',
      updatedAt: now,
    });
    expect(writesOf('expire', now, shop, { reason: 'Payment not received in time' })).toMatchObject({ cancelReason: 'Payment not received in time', cancelledById: null, cancelledByName: null });
    expect(writesOf('refund', now, admin)).toEqual({ state: 'refunded', refundedAt: now, refundedById: expect.any(String), refundedByName: 'Ada Admin', updatedAt: now });
    expect(writesOf('pay', now, buyer)).toEqual({ state: 'paid', paidAt: now, updatedAt: now });
    expect(writesOf('deliver', now, admin)).toEqual({ state: 'delivered', deliveredAt: now, updatedAt: now });
  });

  it('gives batches the SQL of the same states, writes and steps', () => {
    const confirm = batchTransition('confirm', { now: '$1', until: '$2' });
    expect(confirm.where).toBe(`(o.state IN ('awaiting-stock'))`);
    expect(confirm.set).toBe(`state = 'awaiting-payment', payable_until = $2, updated_at = $1`);
    expect(confirm.steps('moved')).toMatch(/INSERT INTO order_event .* SELECT id, 'stock-reserved', \$1, 'awaiting-stock', 'awaiting-payment', 'shop', NULL FROM moved/s);
    expect(batchTransition('expire', { now: '$4', reason: '$3' }).where).toBe(`(o.state IN ('awaiting-payment'))`);
    const reject = batchTransition('reject', { now: '$1', reason: 'answer.reason' });
    expect(reject.set).toContain(`state = 'cancelled', cancel_reason = answer.reason, cancelled_at = $1`);
    expect(reject.steps('moved')).toContain(`'stock-refused', $1, 'awaiting-stock', 'cancelled', 'shop', cancel_reason FROM moved`);
  });
});
