import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Outbox } from '@shop/event-bus';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { OrdersConfig } from '../../config.js';
import { BackgroundSweep } from '../background-sweep.js';
import { batchTransition, TRANSITIONS } from './order-state-machine.js';

/** The reason a confirmed order that was not paid in PAYMENT_HOLD is cancelled with (the words). */
export const PAYMENT_NOT_RECEIVED = 'Payment not received in time';
/** What a payment after the deadline is refused with; nothing is captured. */
export const PAYMENT_TOO_LATE = 'The time to pay for this order has run out: payment not received in time';

/** Orders cancelled in one transaction; a longer backlog takes several. */
const BATCH = 200;

/** The state machine's `expire`: which orders it takes, what it writes and records ($3 the reason, $4 the time). */
const expire = batchTransition('expire', { now: '$4', reason: '$3' });

/**
 * Cancels confirmed orders whose payment did not come within PAYMENT_HOLD, so that their stock
 * goes back on sale: the state machine's `expire`, for a batch of orders in one statement: each is
 * cancelled with PAYMENT_NOT_RECEIVED, with its step of history and an order.cancelled event (the
 * catalog releases its reservation), in the same transaction.
 *
 * - Exactly once, with any number of replicas: every replica sweeps, and a sweep takes its orders
 *   with FOR UPDATE SKIP LOCKED and changes only orders still confirmed and unpaid, so two sweeps
 *   never take one order and a taken order is no longer a candidate once they commit.
 * - Survives restarts: the deadline is a column (payable_until), so whichever replica runs next
 *   cancels what is due, however long the service was down.
 * - Never cancels a payment in flight: the pay call refuses after the deadline before it captures,
 *   and the sweep waits a further grace of twice PAYPAL_TIMEOUT_MS (the longest a capture that was
 *   let through can still take) before it cancels, while the pay call's own lock makes a sweep
 *   skip the order it is marking paid.
 */
@Injectable()
export class PaymentDeadlines implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PaymentDeadlines');
  private readonly graceMs: number;
  private readonly background: BackgroundSweep;

  constructor(
    private readonly outbox: Outbox,
    @Inject(SERVICE_CONFIG) config: OrdersConfig,
  ) {
    this.graceMs = 2 * config.PAYPAL_TIMEOUT_MS;
    // Often enough that an order is released soon after its deadline, rarely enough to cost nothing.
    this.background = new BackgroundSweep('payment deadlines', Math.min(30_000, Math.max(250, (config.PAYMENT_HOLD * 1000) / 4)), this.logger, () => this.sweep());
  }

  onApplicationBootstrap(): void {
    this.background.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.background.stop();
  }

  /** Cancels every order whose payment deadline and grace have passed; answers how many. */
  async sweep(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.graceMs);
    let total = 0;
    for (;;) {
      const cancelled = await this.outbox.transaction(async (manager) => {
        const rows: { id: string; user_id: string }[] = await manager.query(
          `WITH due AS (
             SELECT o.id FROM customer_order o
             WHERE ${expire.where} AND o.payable_until < $1
             ORDER BY o.payable_until
             LIMIT $2
             FOR UPDATE SKIP LOCKED
           ),
           moved AS (
             UPDATE customer_order AS o SET ${expire.set}
             FROM due WHERE o.id = due.id
             RETURNING o.id, o.user_id, o.cancel_reason
           ),
           steps AS (${expire.steps('moved')})
           SELECT id, user_id FROM moved`,
          [cutoff, BATCH, PAYMENT_NOT_RECEIVED, now],
        );
        await this.outbox.addMany(
          manager,
          rows.map((order) => ({
            subject: TRANSITIONS.expire.emits,
            data: { orderId: order.id, userId: order.user_id, reason: PAYMENT_NOT_RECEIVED },
          })),
        );
        return rows;
      });
      for (const order of cancelled) this.logger.log(`order ${order.id} cancelled: ${PAYMENT_NOT_RECEIVED}`);
      total += cancelled.length;
      if (cancelled.length < BATCH) return total;
    }
  }

}
