/**
 * Every order of a running stand-in, in memory, and the life cycle PayPal
 * gives them: CREATED -> APPROVED (by the buyer) -> COMPLETED (captured).
 * Requests repeated with the same PayPal-Request-Id change nothing twice.
 */
import { resourceNotFound, unprocessableEntity } from '../errors.js';
import { newCaptureId, newMerchantId, newOrderId, paypalTime } from '../ids.js';
import { type Amount, moneyOf } from '../money.js';
import type { Capture, CaptureStatus, Order, OrderStatus, Payee, Payer, PurchaseUnit } from './order.js';
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

export class OrderStore {
  private readonly orders = new Map<string, Order>();
  private readonly orderOfCapture = new Map<string, string>();
  private readonly createRequests = new Map<string, string>();
  private readonly captureRequests = new Set<string>();

  /** The merchant every order pays, like the sandbox business account of the app. */
  readonly payee: Payee = { email_address: 'sb-merchant@business.example.com', merchant_id: newMerchantId() };

  create(request: OrderRequest, requestId?: string): Outcome {
    const earlier = requestId === undefined ? undefined : this.createRequests.get(requestId);
    if (earlier) return { order: this.get(earlier), replayed: true };
    const order: Order = {
      id: this.unusedOrderId(),
      intent: 'CAPTURE',
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
    if (order.status === 'CREATED') throw unprocessableEntity([{ issue: 'ORDER_NOT_APPROVED' }]);
    if (order.status === 'COMPLETED') throw unprocessableEntity([{ issue: 'ORDER_ALREADY_CAPTURED' }]);
    this.complete(order, 'COMPLETED');
    if (key !== undefined) this.captureRequests.add(key);
    return { order, replayed: false };
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
      unit.capture = { id: this.unusedCaptureId(), status: captureStatus, amount: unit.amount, fee: paypalFee(unit.amount), create_time: now, update_time: now };
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
}

/** PayPal's standard fee in the US, 3.49 % plus 0.49, never more than the payment. */
function paypalFee(amount: Amount): Amount {
  const fixed = amount.decimals === 2 ? 49n : 0n;
  const fee = (amount.minor * 349n + 5_000n) / 10_000n + fixed;
  return moneyOf(fee < amount.minor ? fee : amount.minor, amount.currency_code);
}
