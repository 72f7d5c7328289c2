import { ConflictException, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TokenClaims } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { announceSelected } from '../placing/order-outcomes.js';
import { lockOrder } from '../paying/order-payability.js';
import { PAYMENT_UNDER_WAY } from '../paying/order-payments.js';
import { assertTransition, CANCELLED_BY_ADMIN, stateOf, TRANSITIONS, writesOf, type OrderActor, type TransitionName } from './order-state-machine.js';
import { Order } from '../order.entity.js';
import { PaymentRefunds } from '../paying/payment-refunds.js';

/** Why an admin's refund is given back, as PayPal and the admins' refund list record it. */
export const REFUNDED_BY_ADMIN = 'Refunded by the shop';

/**
 * The admins' transitions of one order (order-state-machine.ts): deliver, cancel and refund. Each locks
 * the order's row, checks the transition against the order's state (a refusal is a 400 or 409 with
 * its message, and changes nothing), writes what the machine says and emits its event through the
 * outbox, all in one transaction; doing it again once it is done changes nothing for deliver, and
 * answers the machine's refusal for cancel and refund (the order has moved on).
 */
@Injectable()
export class OrderTransitions {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly outbox: Outbox,
    private readonly refunds: PaymentRefunds,
  ) {}

  /** Marks a paid order delivered; delivering it again changes nothing. */
  async deliver(id: string, admin: TokenClaims): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const order = await lockOrder(manager, id);
      if (stateOf(order) === 'delivered') return;
      const now = await this.move(manager, order, 'deliver', actorOf(admin));
      await emit(TRANSITIONS.deliver.emits, { orderId: id, userId: order.userId, deliveredAt: now.toISOString() });
    });
  }

  /**
   * Cancels an order nobody paid for (awaiting its stock or its payment): its stock goes back
   * (order.cancelled). Refused while a payment of it is under way, so no money is captured for an
   * order being cancelled (a capture that still lands on it is given back, see OrderPayments).
   */
  async cancel(id: string, admin: TokenClaims): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const order = await lockOrder(manager, id);
      assertTransition('cancel', stateOf(order), actorOf(admin));
      const paying: unknown[] = await manager.query(`SELECT 1 FROM payment_attempt WHERE order_id = $1 AND settled_at IS NULL LIMIT 1`, [id]);
      if (paying.length > 0) throw new ConflictException(PAYMENT_UNDER_WAY);
      const state = stateOf(order);
      const now = await this.move(manager, order, 'cancel', actorOf(admin), CANCELLED_BY_ADMIN);
      await emit(TRANSITIONS.cancel.emits, { orderId: id, userId: order.userId, reason: CANCELLED_BY_ADMIN });
      // An order still awaiting its stock may have a placement waiting for its outcome, and every replica
      // may remember it as pending (PendingOrders): they hear its outcome as they hear the catalog's answers.
      if (state === 'awaiting-stock') {
        const at = now.toISOString();
        await manager.query(
          announceSelected(
            `SELECT json_build_object('id', $1::uuid, 'status', 'cancelled', 'cancelReason', $2::text, 'payableUntil', NULL, 'cancelledAt', $3::text, 'updatedAt', $3::text) AS outcome`,
          ),
          [id, CANCELLED_BY_ADMIN, at],
        );
      }
    });
    this.logger.log(`order ${id} cancelled by admin ${admin.sub}`);
  }

  /**
   * Gives a paid order's payment back: the refund of its capture is recorded in the transaction that
   * marks the order refunded (order.refunded; an order not delivered yet also gives its stock back),
   * then asked of PayPal's refund API after the commit. A refund PayPal does not make at once is
   * retried by the sweep until it is (PaymentRefunds), so it is never lost to an outage or a restart.
   */
  async refund(id: string, admin: TokenClaims): Promise<void> {
    const refundIds = await this.outbox.transaction(async (manager, emit) => {
      const order = await lockOrder(manager, id);
      const state = stateOf(order);
      assertTransition('refund', state, actorOf(admin));
      const now = await this.move(manager, order, 'refund', actorOf(admin));
      const ids =
        order.paypalCaptureId && order.paypalOrderId
          ? await this.refunds.record(
              manager,
              [{ orderId: id, paypalOrderId: order.paypalOrderId, captureId: order.paypalCaptureId, amountCents: order.totalCents, currency: 'USD', reason: REFUNDED_BY_ADMIN }],
              now,
            )
          : [];
      await emit(TRANSITIONS.refund.emits, { orderId: id, userId: order.userId, totalCents: order.totalCents, refundedAt: now.toISOString(), restock: state === 'paid' });
      return ids;
    });
    this.logger.log(`order ${id} refunded by admin ${admin.sub}`);
    await this.refunds.refundNow(refundIds);
  }

  /** Checks and writes one transition of a locked order; answers its time. The caller emits its event. */
  private async move(manager: EntityManager, order: Order, name: TransitionName, actor: OrderActor, reason?: string): Promise<Date> {
    assertTransition(name, stateOf(order), actor);
    const now = new Date();
    await manager.update(Order, { id: order.id }, writesOf(name, now, actor, { reason }));
    return now;
  }
}

function actorOf(admin: TokenClaims): OrderActor {
  return { kind: 'admin', id: admin.sub, name: admin.name };
}
