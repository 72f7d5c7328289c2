import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Order } from '../order.entity.js';
import { assertTransition } from '../lifecycle/order-state-machine.js';
import { PAYMENT_TOO_LATE } from '../lifecycle/payment-deadlines.js';

export const ORDER_NOT_FOUND = 'Order not found';

/**
 * True when the order was paid by this very payment (a repeated report); throws the state machine's
 * refusal of `pay` when it cannot be paid by it (not confirmed yet, cancelled, refunded, or paid by
 * another payment).
 */
export function alreadyPaidWith(order: Order, paymentId: string): boolean {
  if ((order.state === 'paid' || order.state === 'delivered') && order.paypalOrderId === paymentId) return true;
  assertTransition('pay', order.state, { kind: 'buyer', id: order.userId });
  return false;
}

/** Whether a confirmed order's payment deadline has passed at `now`: no money is taken for it any more. */
export const isPastDeadline = (order: Order, now = new Date()): boolean => order.payableUntil !== null && order.payableUntil.getTime() <= now.getTime();

/** A confirmed order past its payment deadline is about to be cancelled: no money is taken for it. */
export function refuseAfterDeadline(order: Order, now = new Date()): void {
  if (isPastDeadline(order, now)) throw new BadRequestException(PAYMENT_TOO_LATE);
}

/** The order's row, locked until the transaction ends (an outer join cannot be locked, so no relations). */
export async function lockOrder(manager: EntityManager, id: string): Promise<Order> {
  const order = await manager.findOne(Order, { where: { id }, lock: { mode: 'pessimistic_write' } });
  if (!order) throw new NotFoundException(ORDER_NOT_FOUND);
  return order;
}
