/**
 * Every order of a running stand-in, in memory, and the life cycle PayPal
 * gives them: CREATED -> APPROVED (by the buyer) -> COMPLETED (captured).
 * Requests repeated with the same PayPal-Request-Id change nothing twice.
 */
import { resourceNotFound, unprocessableEntity, unprocessablePayment } from '../errors.js';
import { newCaptureId, newMerchantId, newOrderId, paypalTime } from '../ids.js';
import { type Amount, moneyOf } from '../money.js';
import type { Capture, CaptureStatus, Order, OrderStatus, Payee, Payer, PurchaseUnit, Refund } from './order.js';
import type { OrderRequest, RequestedPurchaseUnit } from './order-request.js';

/** The result of a request that a PayPal-Request-Id may repeat. */
export interface Outcome {
  order: Order;
  /** True when the request repeated an earlier one and changed nothing. */
  replayed: boolean;
}

/** An order made directly in a given state, for tests of odd payments (stand-in only). */
export interface ForgedOrder {
  purchase_unit: RequestedPurchaseUnit;
  status: OrderStatus;
  capture_status: CaptureStatus;
  payer: Payer;
}

/** What a refund request asks for (Payments v2): the whole rest of the capture unless `amount` says less. */
export interface RefundRequest {
  amount?: Amount;
  invoice_id?: string;
  note_to_payer?: string;
}

/** A refund with the capture it gives back, and whether a PayPal-Request-Id repeated it. */
export interface RefundOutcome {
  refund: Refund;
  captureId: string;
  replayed: boolean;
}

export class OrderStore {
  private readonly orders = new Map<string, Order>();
  private readonly orderOfCapture = new Map<string, string>();
  private readonly captureOfRefund = new Map<string, string>();
  private readonly createRequests = new Map<string, string>();
  private readonly captureRequests = new Set<string>();
  private readonly refundRequests = new Map<string, string>();

  /** The merchant every order pays, like the sandbox business account of the app. */
  readonly payee: Payee = { email_address: 'sb-merchant@business.example.com', merchant_id: newMerchantId() };

  create(request: OrderRequest, requestId?: string): Outcome {
    const earlier = requestId === undefined ? undefined : this.createRequests.get(requestId);
    if (earlier) return { order: this.get(earlier), replayed: true };
    const order: Order = {
      id: this.unusedOrderId(),
      intent: request.intent ?? 'CAPTURE',
      status: 'CREATED',
      purchase_units: request.purchase_units.map((unit) => ({ ...unit, payee: this.payee })),
      create_time: paypalTime(),
      ...(request.return_url ? { return_url: request.return_url } : {}),
      ...(request.cancel_url ? { cancel_url: request.cancel_url } : {}),
    };
    this.orders.set(order.id, order);
    if (requestId !== undefined) this.createRequests.set(requestId, order.id);
    return { order, replayed: false };
  }

  /** The order with this id; throws PayPal's 404 for an unknown one. */
  get(id: string): Order {
    const order = this.orders.get(id);
    if (!order) throw resourceNotFound();
    return order;
  }

  /** The capture with this id and the order it belongs to; throws PayPal's 404 for an unknown one. */
  findCapture(captureId: string): { order: Order; unit: PurchaseUnit; capture: Capture } {
    const orderId = this.orderOfCapture.get(captureId);
    const order = orderId === undefined ? undefined : this.orders.get(orderId);
    const unit = order?.purchase_units.find((u) => u.capture?.id === captureId);
    if (!order || !unit?.capture) throw resourceNotFound();
    return { order, unit, capture: unit.capture };
  }

  /** The buyer approves the order (again, possibly as another buyer, until it is captured). */
  approve(id: string, payer: Payer): Order {
    const order = this.get(id);
    if (order.status === 'COMPLETED') throw unprocessableEntity([{ issue: 'ORDER_COMPLETED_OR_VOIDED' }]);
    order.status = 'APPROVED';
    order.payer = payer;
    order.update_time = paypalTime();
    return order;
  }

  /** Captures the whole amount of an approved order, once. */
  capture(id: string, requestId?: string): Outcome {
    const order = this.get(id);
    const key = requestId === undefined ? undefined : `${id} ${requestId}`;
    if (key !== undefined && this.captureRequests.has(key)) return { order, replayed: true };
    if (order.intent !== 'CAPTURE') throw unprocessableEntity([{ issue: 'ACTION_DOES_NOT_MATCH_INTENT' }]);
    if (order.status === 'CREATED') throw unprocessableEntity([{ issue: 'ORDER_NOT_APPROVED' }]);
    if (order.status === 'COMPLETED') throw unprocessableEntity([{ issue: 'ORDER_ALREADY_CAPTURED' }]);
    this.complete(order, 'COMPLETED');
    if (key !== undefined) this.captureRequests.add(key);
    return { order, replayed: false };
  }

  /**
   * Refunds a completed capture, wholly or `amount` of it, as PayPal does: a capture fully refunded
   * answers 422 CAPTURE_FULLY_REFUNDED, more than is left REFUND_AMOUNT_EXCEEDED. The capture becomes
   * PARTIALLY_REFUNDED or REFUNDED; the order stays COMPLETED. The same PayPal-Request-Id answers the same refund.
   */
  refund(captureId: string, request: RefundRequest, requestId?: string): RefundOutcome {
    const { capture } = this.findCapture(captureId);
    const key = requestId === undefined ? undefined : `${captureId} ${requestId}`;
    const earlier = key === undefined ? undefined : this.refundRequests.get(key);
    if (earlier) return { refund: this.findRefund(earlier).refund, captureId, replayed: true };
    if (capture.status === 'REFUNDED') throw unprocessablePayment([{ issue: 'CAPTURE_FULLY_REFUNDED' }]);
    if (capture.status === 'PENDING') throw unprocessablePayment([{ issue: 'PENDING_CAPTURE' }]);
    if (capture.status === 'DECLINED') throw unprocessablePayment([{ issue: 'REFUND_NOT_ALLOWED' }]);
    const refunded = capture.refunds.reduce((sum, refund) => sum + refund.amount.minor, 0n);
    const left = capture.amount.minor - refunded;
    const currency = capture.amount.currency_code;
    if (request.amount && request.amount.currency_code !== currency) {
      throw unprocessablePayment([{ issue: 'REFUND_CAPTURE_CURRENCY_MISMATCH', field: '/amount/currency_code', value: request.amount.currency_code }]);
    }
    if (request.amount && request.amount.minor > left) {
      throw unprocessablePayment([{ issue: 'REFUND_AMOUNT_EXCEEDED', field: '/amount/value', value: request.amount.value }]);
    }
    const amount = request.amount ?? moneyOf(left, currency);
    // PayPal gives back the fee's share of what is refunded (the US rule for refunds since 2023 keeps the fixed part).
    const feeRefunded = moneyOf((capture.fee.minor * amount.minor) / capture.amount.minor, currency);
    const now = paypalTime();
    const refund: Refund = {
      id: this.unusedRefundId(),
      status: 'COMPLETED',
      amount,
      feeRefunded,
      ...(request.invoice_id ? { invoice_id: request.invoice_id } : {}),
      ...(request.note_to_payer ? { note_to_payer: request.note_to_payer } : {}),
      create_time: now,
      update_time: now,
    };
    capture.refunds.push(refund);
    capture.status = amount.minor === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = now;
    this.captureOfRefund.set(refund.id, captureId);
    if (key !== undefined) this.refundRequests.set(key, refund.id);
    return { refund, captureId, replayed: false };
  }

  /** The refund with this id and the capture it gave back; throws PayPal's 404 for an unknown one. */
  findRefund(refundId: string): { refund: Refund; capture: Capture; order: Order } {
    const captureId = this.captureOfRefund.get(refundId);
    if (captureId === undefined) throw resourceNotFound();
    const { capture, order } = this.findCapture(captureId);
    const refund = capture.refunds.find((r) => r.id === refundId);
    if (!refund) throw resourceNotFound();
    return { refund, capture, order };
  }

  /** Makes an order directly in the state a test needs. */
  forge(forged: ForgedOrder): Order {
    const { order } = this.create({ purchase_units: [forged.purchase_unit] });
    if (forged.status === 'CREATED') return order;
    this.approve(order.id, forged.payer);
    if (forged.status === 'COMPLETED') this.complete(order, forged.capture_status);
    return order;
  }

  private complete(order: Order, captureStatus: CaptureStatus): void {
    const now = paypalTime();
    for (const unit of order.purchase_units) {
      unit.capture = {
        id: this.unusedCaptureId(),
        status: captureStatus,
        amount: unit.amount,
        fee: paypalFee(unit.amount),
        create_time: now,
        update_time: now,
        refunds: [],
      };
      this.orderOfCapture.set(unit.capture.id, order.id);
    }
    order.status = 'COMPLETED';
    order.update_time = now;
  }

  private unusedOrderId(): string {
    let id = newOrderId();
    while (this.orders.has(id)) id = newOrderId();
    return id;
  }

  private unusedCaptureId(): string {
    let id = newCaptureId();
    while (this.orderOfCapture.has(id)) id = newCaptureId();
    return id;
  }

  private unusedRefundId(): string {
    let id = newCaptureId();
    while (this.captureOfRefund.has(id) || this.orderOfCapture.has(id)) id = newCaptureId();
    return id;
  }
}

/** PayPal's standard fee in the US, 3.49 % plus 0.49, never more than the payment. */
function paypalFee(amount: Amount): Amount {
  const fixed = amount.decimals === 2 ? 49n : 0n;
  const fee = (amount.minor * 349n + 5_000n) / 10_000n + fixed;
  return moneyOf(fee < amount.minor ? fee : amount.minor, amount.currency_code);
}
