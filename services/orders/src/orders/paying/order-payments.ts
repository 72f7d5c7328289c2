import {
  BadRequestException,
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TokenClaims } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { SERVICE_CONFIG } from '@shop/service-kit';
import { isUniqueViolation } from '@shop/service-kit/database';
import type { OrdersConfig } from '../../config.js';
import {
  PaymentNotFoundError,
  PaymentProvider,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
  type ProviderPayment,
} from '../../payments/payment-provider.js';
import { captureRefusal, PAYMENT_REFUSALS, verifyPayment } from '../../payments/payment-verification.js';
import type { PayPalResult } from '../dto/pay-status.dto.js';
import { alreadyPaidWith, isPastDeadline, lockOrder, ORDER_NOT_FOUND, refuseAfterDeadline } from './order-payability.js';
import { OrderLifecycle } from '../lifecycle/order-lifecycle.js';
import { TRANSITIONS } from '../lifecycle/order-state-machine.js';
import { Order } from '../order.entity.js';
import { PAYMENT_TOO_LATE } from '../lifecycle/payment-deadlines.js';
import { PaymentRefunds } from './payment-refunds.js';
import { BackgroundSweep } from '../background-sweep.js';

export const PAYMENT_UNDER_WAY = 'Another payment of this order is under way: try again in a moment';
export const PAYMENT_REFUNDED = 'This payment was refunded: it cannot pay the order';
const PAYMENT_USED = 'Payment already used for another order';
const REFUND_NOTE = 'the captured payment is refunded';

/** PayPal's idempotency key of the capture of a PayPal order for a shop order: a retried capture is the same capture. */
export const captureRequestId = (orderId: string, paypalOrderId: string): string => `shop-capture-${orderId}-${paypalOrderId}`;

/** Attempts taken by one recovery sweep. */
const BATCH = 20;

type Attempt = { outcome: 'paid' | 'refunded' | 'not-captured' | null; settled: boolean };

/** How a capture was settled: the order paid by it, or a refusal (with the money given back when any was taken). */
type Settlement = { paid: true } | { paid: false; status: 400 | 409; message: string; refundIds: string[] };

/**
 * The pay call (PUT /api/orders/{id}/pay_status): money is taken only for an order the shop will accept,
 * at most once per order, and what is taken and cannot be used is given back.
 *
 * 1. The order: the caller's, confirmed, unpaid, before its deadline (no PayPal call otherwise).
 * 2. PayPal's order, read before anything is captured: exactly one purchase unit marked for this
 *    order, intent CAPTURE, USD, exactly the total, APPROVED (captureRefusal). A browser with the
 *    public client id can create a PayPal order saying anything, so nothing else is captured.
 * 3. The claim: in one transaction holding the order's row lock, the order is checked again and a
 *    payment_attempt row is committed for this PayPal order; another PayPal order's attempt under way
 *    (younger than the lease) answers 409 and is not captured. The same PayPal order reported twice
 *    claims twice and captures with one PayPal-Request-Id: PayPal makes one capture.
 * 4. The capture, outside any transaction, PayPal-Request-Id = captureRequestId(order, PayPal order).
 * 5. The settlement, under the row lock again: paid if the capture verifies (verifyPayment) and the
 *    order is still confirmed, unpaid and within its deadline at that moment; otherwise every capture
 *    taken is recorded for a refund in the same transaction and refunded after the commit.
 *
 * A capture whose answer never came (timeout, a replica that stopped) leaves its attempt unsettled; the
 * recovery sweep settles it once the lease (three PAYPAL_TIMEOUT_MS) has passed: it asks PayPal, replays
 * the capture with the same request id when PayPal captured, and settles it as in step 5.
 */
@Injectable()
export class OrderPayments implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Payments');
  private readonly leaseMs: number;
  private readonly background: BackgroundSweep;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly payments: PaymentProvider,
    private readonly refunds: PaymentRefunds,
    private readonly lifecycle: OrderLifecycle,
    @Inject(SERVICE_CONFIG) config: OrdersConfig,
  ) {
    // A token request, the capture and one more try after a 401 each take at most PAYPAL_TIMEOUT_MS.
    this.leaseMs = 3 * config.PAYPAL_TIMEOUT_MS;
    this.background = new BackgroundSweep('payments', Math.min(30_000, Math.max(250, config.PAYPAL_TIMEOUT_MS)), this.logger, async () => {
      await this.recover();
      await this.refunds.sweep();
    });
  }

  onApplicationBootstrap(): void {
    this.background.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.background.stop();
  }

  /**
   * Pays the payer's order with the PayPal order `input.id`, capturing it only after every check; answers
   * nothing when it is paid (the caller reads the order), throws the refusal otherwise. Reporting the
   * payment that already paid the order changes nothing.
   */
  async pay(id: string, payer: TokenClaims, input: PayPalResult): Promise<void> {
    const order = await this.dataSource.getRepository(Order).findOneBy({ id });
    if (!order || order.userId !== payer.sub) throw new NotFoundException(ORDER_NOT_FOUND);
    if (alreadyPaidWith(order, input.id)) return;
    refuseAfterDeadline(order);

    const payment = await askProvider(() => this.payments.findPayment(input.id));
    const attempt = await this.attemptOf(payment.id, order.id);
    let refusal = captureRefusal(payment, order);
    if (refusal === PAYMENT_REFUSALS.capturedElsewhere && attempt) {
      // The shop's own capture: its answer was lost (or it is being settled); settle it now.
      refusal = attempt.outcome === 'refunded' ? PAYMENT_REFUNDED : undefined;
    }
    if (refusal) {
      this.logger.warn(`payment ${payment.id} refused for order ${id}, nothing captured: ${refusal}`);
      await this.refused(order, payment.id, refusal);
      throw new BadRequestException(refusal);
    }
    if ((await this.claim(id, payment.id)) === 'paid') return;

    let captured: ProviderPayment;
    try {
      captured = await this.payments.capture(payment.id, captureRequestId(id, payment.id));
    } catch (error) {
      if (error instanceof PaymentRefusedError || error instanceof PaymentNotFoundError) {
        // PayPal took nothing: the attempt is over, another PayPal order may be tried.
        await this.settleAttempt(this.dataSource.manager, payment.id, 'not-captured');
        const issue = error instanceof PaymentRefusedError ? error.issue : 'not found';
        this.logger.warn(`payment ${payment.id} of order ${id} not captured: ${issue}`);
        const reason = issue === 'ORDER_ALREADY_CAPTURED' ? PAYMENT_REFUSALS.capturedElsewhere : PAYMENT_REFUSALS.notApproved;
        await this.refused(order, payment.id, reason, { issue });
        throw new BadRequestException(reason);
      }
      // Unknown: PayPal may have captured. The attempt stays unsettled; the recovery sweep settles it.
      throw toHttp(error);
    }
    const settlement = await this.settle(id, captured);
    if (!settlement.paid) {
      throw settlement.status === 409 ? new ConflictException(settlement.message) : new BadRequestException(settlement.message);
    }
  }

  /**
   * Opens the PayPal payment of the payer's confirmed, unpaid order, for its total as the server
   * priced it and marked with its id; the PayPal button's createOrder asks for it. Asking again
   * answers the same payment.
   */
  async openPayment(id: string, payer: TokenClaims): Promise<{ id: string }> {
    const order = await this.dataSource.getRepository(Order).findOneBy({ id });
    if (!order || order.userId !== payer.sub) throw new NotFoundException(ORDER_NOT_FOUND);
    alreadyPaidWith(order, '');
    refuseAfterDeadline(order);
    return { id: await askProvider(() => this.payments.openPayment(order.id, order.totalCents)) };
  }

  /**
   * Settles unsettled attempts older than the lease at `now` (captures whose outcome the shop never
   * recorded); answers how many were settled. Replica-safe: each is taken with FOR UPDATE SKIP LOCKED
   * and its lease renewed, so one replica handles it at a time.
   */
  async recover(now = new Date()): Promise<number> {
    const [stale]: [{ paypal_order_id: string; order_id: string }[], number] = await this.dataSource.query(
      `WITH stale AS (
         SELECT paypal_order_id FROM payment_attempt
         WHERE settled_at IS NULL AND started_at < $1
         ORDER BY started_at LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE payment_attempt AS a SET started_at = $3 FROM stale
       WHERE a.paypal_order_id = stale.paypal_order_id
       RETURNING a.paypal_order_id, a.order_id`,
      [new Date(now.getTime() - this.leaseMs), BATCH, now],
    );
    let settled = 0;
    for (const attempt of stale) {
      try {
        if (await this.recoverOne(attempt.paypal_order_id, attempt.order_id)) settled += 1;
      } catch (error) {
        this.logger.warn(`capture of ${attempt.paypal_order_id} (order ${attempt.order_id}) not settled yet, retried later: ${(error as Error).message}`);
      }
    }
    return settled;
  }

  private async recoverOne(paypalOrderId: string, orderId: string): Promise<boolean> {
    let payment: ProviderPayment;
    try {
      payment = await this.payments.findPayment(paypalOrderId);
    } catch (error) {
      if (!(error instanceof PaymentNotFoundError)) throw error;
      await this.settleAttempt(this.dataSource.manager, paypalOrderId, 'not-captured');
      return true;
    }
    if (payment.status !== 'COMPLETED') {
      // PayPal took nothing; the buyer may report the approved payment again.
      await this.settleAttempt(this.dataSource.manager, paypalOrderId, 'not-captured');
      this.logger.log(`capture of ${paypalOrderId} (order ${orderId}) never happened: PayPal order ${payment.status}`);
      return true;
    }
    let captured: ProviderPayment;
    try {
      captured = await this.payments.capture(paypalOrderId, captureRequestId(orderId, paypalOrderId));
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error;
      // Completed, but not under the shop's request id: someone else captured it. Not the shop's capture.
      await this.settleAttempt(this.dataSource.manager, paypalOrderId, 'not-captured');
      this.logger.warn(`PayPal order ${paypalOrderId} (order ${orderId}) was captured outside the shop: ${error.issue}`);
      return true;
    }
    const settlement = await this.settle(orderId, captured);
    this.logger.log(`capture of ${paypalOrderId} (order ${orderId}) settled late: ${settlement.paid ? 'paid' : settlement.message}`);
    return true;
  }

  /** The shop's attempt to capture this PayPal order for this order, if it made one. */
  private async attemptOf(paypalOrderId: string, orderId: string): Promise<Attempt | undefined> {
    const [row]: { outcome: Attempt['outcome']; settled: boolean }[] = await this.dataSource.query(
      `SELECT outcome, settled_at IS NOT NULL AS settled FROM payment_attempt WHERE paypal_order_id = $1 AND order_id = $2`,
      [paypalOrderId, orderId],
    );
    return row;
  }

  /** Step 3: the claim (see the class). Answers 'paid' when this payment paid the order meanwhile. */
  private async claim(orderId: string, paypalOrderId: string): Promise<'claimed' | 'paid'> {
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      if (alreadyPaidWith(order, paypalOrderId)) return 'paid';
      const now = new Date();
      refuseAfterDeadline(order, now);
      const busy: unknown[] = await manager.query(
        `SELECT 1 FROM payment_attempt WHERE order_id = $1 AND settled_at IS NULL AND paypal_order_id <> $2 AND started_at > $3 LIMIT 1`,
        [orderId, paypalOrderId, new Date(now.getTime() - this.leaseMs)],
      );
      if (busy.length > 0) throw new ConflictException(PAYMENT_UNDER_WAY);
      await manager.query(
        `INSERT INTO payment_attempt (paypal_order_id, order_id, started_at) VALUES ($1, $2, $3)
         ON CONFLICT (paypal_order_id) DO UPDATE SET started_at = EXCLUDED.started_at, settled_at = NULL, outcome = NULL
         WHERE payment_attempt.order_id = EXCLUDED.order_id`,
        [paypalOrderId, orderId, now],
      );
      return 'claimed';
    });
  }

  /** Step 5: the settlement (see the class); refunds after the commit what was taken and cannot be used. */
  private async settle(orderId: string, payment: ProviderPayment): Promise<Settlement> {
    let settlement: Settlement;
    try {
      settlement = await this.outbox.transaction(async (manager, emit): Promise<Settlement> => {
        const order = await lockOrder(manager, orderId);
        if ((order.state === 'paid' || order.state === 'delivered') && order.paypalOrderId === payment.id) {
          await this.settleAttempt(manager, payment.id, 'paid');
          return { paid: true };
        }
        const now = new Date();
        const verdict = verifyPayment(payment, order);
        const refusal: { status: 400 | 409; message: string } | undefined = !TRANSITIONS.pay.from.includes(order.state as 'awaiting-payment')
          ? TRANSITIONS.pay.refusal(order.state)
          : !verdict.accepted
            ? { status: 400, message: verdict.reason }
            : isPastDeadline(order, now)
              ? { status: 400, message: PAYMENT_TOO_LATE }
              : undefined;
        if (verdict.accepted && !refusal) {
          // The state machine's `pay`, with what PayPal said of the capture.
          await this.lifecycle.transition(manager, emit, order, 'pay', { kind: 'buyer', id: order.userId }, {
            columns: { paypalOrderId: payment.id, paypalCaptureId: verdict.captureId, paymentResult: verdict.result },
            step: { paypalOrderId: payment.id, captureId: verdict.captureId, amount: (order.totalCents / 100).toFixed(2), currency: 'USD' },
          });
          await this.settleAttempt(manager, payment.id, 'paid');
          return { paid: true };
        }
        const status = refusal?.status ?? 400;
        const message = refusal?.message ?? PAYMENT_REFUSALS.notCompleted;
        // Money that was taken (or may still be: a pending capture) goes back.
        const taken = payment.captures.filter((capture) => capture.id && (capture.status === 'COMPLETED' || capture.status === 'PENDING'));
        const refundIds = await this.refunds.record(
          manager,
          taken.map((capture) => ({
            orderId,
            paypalOrderId: payment.id,
            captureId: capture.id,
            amountCents: capture.amountCents,
            currency: capture.currencyCode,
            reason: message,
          })),
          now,
        );
        await this.settleAttempt(manager, payment.id, taken.length > 0 ? 'refunded' : 'not-captured');
        await this.lifecycle.record(manager, [
          {
            orderId,
            type: 'payment-refused',
            at: now,
            actor: { kind: 'buyer', id: order.userId },
            reason: message,
            details: { paypalOrderId: payment.id, ...(taken.length > 0 && { refunded: taken.map((capture) => capture.id).join(', ') }) },
          },
        ]);
        return { paid: false, status, message: taken.length > 0 ? `${message}: ${REFUND_NOTE}` : message, refundIds };
      });
    } catch (error) {
      // The unique index on the PayPal payment: it is already stored on another order.
      if (isUniqueViolation(error)) throw new ConflictException(PAYMENT_USED);
      throw error;
    }
    if (!settlement.paid) {
      this.logger.warn(`capture of ${payment.id} not used for order ${orderId}: ${settlement.message}`);
      await this.refunds.refundNow(settlement.refundIds);
    }
    return settlement;
  }

  /** Keeps in the order's history a payment of its buyer's that PayPal knows and the shop did not take, and why. */
  private async refused(order: Order, paypalOrderId: string, reason: string, details: Record<string, string> = {}): Promise<void> {
    await this.lifecycle.record(this.dataSource.manager, [
      { orderId: order.id, type: 'payment-refused', at: new Date(), actor: { kind: 'buyer', id: order.userId }, reason, details: { paypalOrderId, ...details } },
    ]);
  }

  private async settleAttempt(manager: EntityManager, paypalOrderId: string, outcome: NonNullable<Attempt['outcome']>): Promise<void> {
    await manager.query(`UPDATE payment_attempt SET settled_at = now(), outcome = $2 WHERE paypal_order_id = $1`, [paypalOrderId, outcome]);
  }

}

/** A provider failure as the API answers it. */
function toHttp(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  if (error instanceof PaymentNotFoundError) return new BadRequestException('Payment not found');
  if (error instanceof PaymentProviderUnavailableError) return new ServiceUnavailableException('Payment provider unavailable, please try again');
  return error;
}

/** Asks the provider; its failures become the API's answers. */
export async function askProvider<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    throw toHttp(error);
  }
}
