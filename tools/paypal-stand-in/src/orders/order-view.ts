/**
 * The JSON PayPal answers for orders and captures. `base` is the stand-in's
 * address as the caller reached it, so that every HATEOAS link (including
 * the buyer's `approve` page) points back at the stand-in.
 */
import { moneyOf, wire } from '../money.js';
import type { Capture, Order, Payer, PurchaseUnit, Refund } from './order.js';

type Json = Record<string, unknown>;

const link = (href: string, rel: string, method: string) => ({ href, rel, method });

/** The links of an order: what can still be done with it. */
export function orderLinks(order: Order, base: string) {
  const self = `${base}/v2/checkout/orders/${order.id}`;
  const links = [link(self, 'self', 'GET')];
  if (order.status === 'CREATED') links.push(link(`${base}/checkoutnow?token=${order.id}`, 'approve', 'GET'));
  const action = order.intent === 'AUTHORIZE' ? 'authorize' : 'capture';
  if (order.status !== 'COMPLETED') links.push(link(self, 'update', 'PATCH'), link(`${self}/${action}`, action, 'POST'));
  return links;
}

/** `Prefer: return=minimal`: the id, the status and the links. */
export const minimalOrder = (order: Order, base: string): Json => ({ id: order.id, status: order.status, links: orderLinks(order, base) });

/** The whole order, as GET /v2/checkout/orders/{id} answers it. */
export function fullOrder(order: Order, base: string): Json {
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...(order.payer ? { payment_source: paymentSource(order.payer) } : {}),
    purchase_units: order.purchase_units.map((unit) => purchaseUnit(unit, base, order.id)),
    ...(order.payer ? { payer: order.payer } : {}),
    create_time: order.create_time,
    ...(order.update_time ? { update_time: order.update_time } : {}),
    links: orderLinks(order, base),
  };
}

/** The answer to a capture: the order's status, the captures, the payer. */
export function captureResult(order: Order, base: string): Json {
  return {
    id: order.id,
    status: order.status,
    ...(order.payer ? { payment_source: paymentSource(order.payer) } : {}),
    purchase_units: order.purchase_units.map((unit) => ({
      reference_id: unit.reference_id,
      ...(unit.shipping ? { shipping: unit.shipping } : {}),
      ...payments(unit, base, order.id),
    })),
    ...(order.payer ? { payer: order.payer } : {}),
    links: orderLinks(order, base),
  };
}

/** One capture, as GET /v2/payments/captures/{id} answers it. */
export function captureDetails(order: Order, unit: PurchaseUnit, capture: Capture, base: string): Json {
  return {
    ...captureView(unit, capture, base, order.id),
    supplementary_data: { related_ids: { order_id: order.id } },
    payee: unit.payee,
  };
}

/** A refund: `{ id, status, amount, links }` by default (PayPal answers less with `return=minimal`), more with `return=representation`. */
export function refundView(refund: Refund, captureId: string, base: string, full: boolean): Json {
  const self = `${base}/v2/payments/refunds/${refund.id}`;
  const links = [link(self, 'self', 'GET'), link(`${base}/v2/payments/captures/${captureId}`, 'up', 'GET')];
  if (!full) return { id: refund.id, status: refund.status, amount: wire(refund.amount), links };
  const net = moneyOf(refund.amount.minor - refund.feeRefunded.minor, refund.amount.currency_code);
  return {
    id: refund.id,
    amount: wire(refund.amount),
    ...(refund.invoice_id ? { invoice_id: refund.invoice_id } : {}),
    ...(refund.note_to_payer ? { note_to_payer: refund.note_to_payer } : {}),
    seller_payable_breakdown: {
      gross_amount: wire(refund.amount),
      paypal_fee: wire(refund.feeRefunded),
      net_amount: wire(net),
      total_refunded_amount: wire(refund.amount),
    },
    status: refund.status,
    create_time: refund.create_time,
    update_time: refund.update_time,
    links,
  };
}

function purchaseUnit(unit: PurchaseUnit, base: string, orderId: string): Json {
  const { capture: _capture, amount, ...rest } = unit;
  return {
    ...rest,
    amount: { ...wire(amount), ...(amount.breakdown ? { breakdown: amount.breakdown } : {}) },
    ...payments(unit, base, orderId),
  };
}

function payments(unit: PurchaseUnit, base: string, orderId: string): Json {
  return unit.capture ? { payments: { captures: [captureView(unit, unit.capture, base, orderId)] } } : {};
}

function captureView(unit: PurchaseUnit, capture: Capture, base: string, orderId: string): Json {
  const self = `${base}/v2/payments/captures/${capture.id}`;
  const net = moneyOf(capture.amount.minor - capture.fee.minor, capture.amount.currency_code);
  return {
    id: capture.id,
    status: capture.status,
    ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
    amount: wire(capture.amount),
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: { gross_amount: wire(capture.amount), paypal_fee: wire(capture.fee), net_amount: wire(net) },
    ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
    ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
    links: [
      link(self, 'self', 'GET'),
      ...(capture.status === 'COMPLETED' || capture.status === 'PARTIALLY_REFUNDED' ? [link(`${self}/refund`, 'refund', 'POST')] : []),
      link(`${base}/v2/checkout/orders/${orderId}`, 'up', 'GET'),
    ],
    create_time: capture.create_time,
    update_time: capture.update_time,
  };
}

const paymentSource = (payer: Payer): Json => ({
  paypal: {
    email_address: payer.email_address,
    account_id: payer.payer_id,
    account_status: 'VERIFIED',
    name: payer.name,
    address: payer.address,
  },
});
