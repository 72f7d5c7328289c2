import { ConflictException, Injectable, Logger } from '@nestjs/common';
import type { TokenClaims } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { announceSelected } from '../placing/order-outcomes.js';
import { lockOrder } from '../paying/order-payability.js';
import { PAYMENT_UNDER_WAY } from '../paying/order-payments.js';
import { OrderLifecycle } from './order-lifecycle.js';
import { assertTransition, CANCELLED_BY_ADMIN, type OrderActor } from './order-state-machine.js';
import { PaymentRefunds } from '../paying/payment-refunds.js';

/** Why an admin's refund is given back, as PayPal and the admins' refund list record it. */
export const REFUNDED_BY_ADMIN = 'Refunded by the shop';

/**
 * The admins' transitions of one order (order-state-machine.ts): deliver, cancel and refund. Each locks
 * the order's row and moves it through OrderLifecycle (a refusal is a 400 or 409 with its message, and
 * changes nothing; a move writes the state, emits its event and records the step with the admin's id
 * and name, all in one transaction); doing it again once it is done changes nothing for deliver, and
 * answers the machine's refusal for cancel and refund (the order has moved on).
 */
@Injectable()
export class OrderTransitions {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly outbox: Outbox,
    private readonly refunds: PaymentRefunds,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** Marks a paid order delivered; delivering it again changes nothing. */
  async deliver(id: string, admin: TokenClaims): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const order = await lockOrder(manager, id);
      if (order.state === 'delivered') return;
      await this.lifecycle.transition(manager, emit, order, 'deliver', actorOf(admin));
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
      const state = order.state;
      assertTransition('cancel', state, actorOf(admin));
      const paying: unknown[] = await manager.query(`SELECT 1 FROM payment_attempt WHERE order_id = $1 AND settled_at IS NULL LIMIT 1`, [id]);
      if (paying.length > 0) throw new ConflictException(PAYMENT_UNDER_WAY);
      const now = await this.lifecycle.transition(manager, emit, order, 'cancel', actorOf(admin), { reason: CANCELLED_BY_ADMIN });
      // An order still awaiting its stock may have a placement waiting for its outcome, and every replica
      // may remember it as pending (PendingOrders): they hear its outcome as they hear the catalog's answers.
      if (state === 'awaiting-stock') {
        const at = now.toISOString();
        await manager.query(
          announceSelected(
            `SELECT json_build_object('id', $1::uuid, 'state', 'cancelled', 'status', 'cancelled', 'cancelReason', $2::text, 'payableUntil', NULL, 'cancelledAt', $3::text, 'updatedAt', $3::text) AS outcome`,
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
      const now = await this.lifecycle.transition(manager, emit, order, 'refund', actorOf(admin), {
        step: { amount: (order.totalCents / 100).toFixed(2), currency: 'USD', ...(order.paypalCaptureId && { captureId: order.paypalCaptureId }) },
      });
      const ids =
        order.paypalCaptureId && order.paypalOrderId
          ? await this.refunds.record(
              manager,
              [{ orderId: id, paypalOrderId: order.paypalOrderId, captureId: order.paypalCaptureId, amountCents: order.totalCents, currency: 'USD', reason: REFUNDED_BY_ADMIN }],
              now,
            )
          : [];
      return ids;
    });
    this.logger.log(`order ${id} refunded by admin ${admin.sub}`);
    await this.refunds.refundNow(refundIds);
  }
}

function actorOf(admin: TokenClaims): OrderActor {
  return { kind: 'admin', id: admin.sub, name: admin.name };
}
