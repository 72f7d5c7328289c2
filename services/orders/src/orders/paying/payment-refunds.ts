import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { OrderRefundDto } from '@shop/contracts';
import { toDollars } from '@shop/pricing';
import { PaymentNotFoundError, PaymentProvider, PaymentRefusedError } from '../../payments/payment-provider.js';
import { OrderLifecycle } from '../lifecycle/order-lifecycle.js';

/** A capture the shop cannot use, to be given back. */
export interface RefundToRecord {
  orderId: string;
  paypalOrderId: string;
  captureId: string;
  amountCents: number | undefined;
  currency: string;
  reason: string;
}

interface DueRefund {
  id: string;
  order_id: string;
  capture_id: string;
  attempts: number;
}

interface RefundRow {
  capture_id: string;
  refund_id: string | null;
  amount_cents: string | null;
  currency: string;
  reason: string;
  status: 'pending' | 'completed';
  created_at: Date;
  refunded_at: Date | null;
}

const SHOP = { kind: 'shop' } as const;

/** Refunds taken by one sweep; a longer backlog takes several. */
const BATCH = 20;
/** The longest a refund waits between two tries. */
const MAX_BACKOFF_SECONDS = 3600;

/** PayPal's idempotency key of a capture's refund: asked again (a retry, a lost answer, two replicas), PayPal answers the same refund. */
export const refundRequestId = (captureId: string): string => `shop-refund-${captureId}`;

/**
 * Money the shop gives back through PayPal's refund API. A refund is first recorded (`pending`, in the
 * transaction that decided it), then asked of PayPal after the commit; a call that fails (PayPal down,
 * slow, refusing for now) leaves it pending, logged, and the sweep tries it again, 5 s, 10 s, 20 s… (at
 * most an hour) later, until PayPal made it. So a refund is never lost to an outage or a restart.
 *
 * - Replica-safe: a try leases its rows (next_attempt_at pushed on, FOR UPDATE SKIP LOCKED), so two
 *   replicas never ask for one refund at once; and PayPal-Request-Id = refundRequestId(capture) makes
 *   even a repeated call give back the money once.
 * - A capture PayPal says is already fully refunded (CAPTURE_FULLY_REFUNDED) counts as refunded.
 */
@Injectable()
export class PaymentRefunds {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentProvider,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** Records the refunds in the caller's transaction; answers the ids of those new (a capture is refunded once). */
  async record(manager: EntityManager, refunds: RefundToRecord[], now: Date): Promise<string[]> {
    const ids: string[] = [];
    for (const refund of refunds) {
      const rows: { id: string }[] = await manager.query(
        `INSERT INTO order_refund (id, order_id, paypal_order_id, capture_id, amount_cents, currency, reason, status, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8)
         ON CONFLICT (capture_id) DO NOTHING
         RETURNING id`,
        [randomUUID(), refund.orderId, refund.paypalOrderId, refund.captureId, refund.amountCents ?? null, refund.currency.slice(0, 3), refund.reason.slice(0, 500), now],
      );
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  }

  /** Asks PayPal for these recorded refunds now, once each; what fails waits for the sweep. Never throws. */
  async refundNow(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.refundDue(new Date(), ids);
    } catch (error) {
      this.logger.error(`refunds ${ids.join(', ')} not tried, the sweep retries them: ${(error as Error).message}`);
    }
  }

  /** Tries every pending refund that is due at `now`; answers how many PayPal made. */
  async sweep(now = new Date()): Promise<number> {
    let made = 0;
    for (;;) {
      const { taken, refunded } = await this.refundDue(now);
      made += refunded;
      if (taken < BATCH) return made;
    }
  }

  /** The refunds of an order, oldest first, as admins see them. */
  async of(orderId: string): Promise<OrderRefundDto[]> {
    const rows: RefundRow[] = await this.dataSource.query(
      `SELECT capture_id, refund_id, amount_cents, currency, reason, status, created_at, refunded_at
       FROM order_refund WHERE order_id = $1 ORDER BY created_at, id`,
      [orderId],
    );
    return rows.map((row) => ({
      captureId: row.capture_id,
      ...(row.refund_id !== null && { refundId: row.refund_id }),
      ...(row.amount_cents !== null && { amount: toDollars(Number(row.amount_cents)) }),
      currency: row.currency,
      reason: row.reason,
      status: row.status,
      createdAt: row.created_at.toISOString(),
      ...(row.refunded_at && { refundedAt: row.refunded_at.toISOString() }),
    }));
  }

  /** Leases up to BATCH due refunds (only `ids` when given) and asks PayPal for each. */
  private async refundDue(now: Date, ids?: string[]): Promise<{ taken: number; refunded: number }> {
    const [due]: [DueRefund[], number] = await this.dataSource.query(
      `WITH due AS (
         SELECT id FROM order_refund
         WHERE status = 'pending' AND next_attempt_at <= $1 AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))
         ORDER BY next_attempt_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE order_refund AS r
       SET attempts = r.attempts + 1,
           next_attempt_at = $1::timestamptz + least(5 * power(2, r.attempts), $4) * interval '1 second'
       FROM due WHERE r.id = due.id
       RETURNING r.id, r.order_id, r.capture_id, r.attempts`,
      [now, BATCH, ids ?? null, MAX_BACKOFF_SECONDS],
    );
    let refunded = 0;
    for (const refund of due) if (await this.refundOne(refund)) refunded += 1;
    return { taken: due.length, refunded };
  }

  private async refundOne(refund: DueRefund): Promise<boolean> {
    try {
      const made = await this.payments.refund(refund.capture_id, refundRequestId(refund.capture_id));
      await this.completed(refund, made.id);
      this.logger.log(`capture ${refund.capture_id} of order ${refund.order_id} refunded: ${made.id} (${made.status})`);
      return true;
    } catch (error) {
      if (error instanceof PaymentRefusedError && error.issue === 'CAPTURE_FULLY_REFUNDED') {
        await this.completed(refund, null);
        this.logger.warn(`capture ${refund.capture_id} of order ${refund.order_id} was already fully refunded at PayPal`);
        return true;
      }
      const reason =
        error instanceof PaymentRefusedError ? `PayPal refused: ${error.issue}` : error instanceof PaymentNotFoundError ? 'PayPal does not know the capture' : (error as Error).message;
      await this.dataSource.transaction(async (manager) => {
        await manager.query(`UPDATE order_refund SET last_error = $2 WHERE id = $1`, [refund.id, reason.slice(0, 500)]);
        await this.lifecycle.record(manager, [
          { orderId: refund.order_id, type: 'refund-retried', at: new Date(), actor: SHOP, reason: reason.slice(0, 500), details: { captureId: refund.capture_id, attempt: refund.attempts } },
        ]);
      });
      this.logger.warn(`refund of capture ${refund.capture_id} (order ${refund.order_id}) failed, try ${refund.attempts}, retried later: ${reason}`);
      return false;
    }
  }

  private async completed(refund: DueRefund, refundId: string | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE order_refund SET status = 'completed', refund_id = $2, refunded_at = now(), last_error = NULL WHERE id = $1`, [refund.id, refundId]);
      await this.lifecycle.record(manager, [
        { orderId: refund.order_id, type: 'refund-completed', at: new Date(), actor: SHOP, details: { captureId: refund.capture_id, ...(refundId && { refundId }) } },
      ]);
    });
  }
}
