import { SHOP_CURRENCY, type PaymentResultDto } from '@shop/contracts';
import type { ProviderPayment, ProviderPurchaseUnit } from './payment-provider.js';

/** What a payment must pay for. */
export interface PayableOrder {
  id: string;
  totalCents: number;
}

/** The answers of the checks, word for word (docs/orders.md lists them). */
export const PAYMENT_REFUSALS = {
  units: 'Payment must have exactly one purchase unit',
  notForOrder: 'Payment was not made for this order',
  intent: 'Payment intent must be CAPTURE',
  currency: `Payment currency must be ${SHOP_CURRENCY}`,
  amount: 'Payment amount does not match the order total',
  notApproved: 'Payment is not approved by the buyer',
  capturedElsewhere: 'Payment was already captured outside the shop',
  notCompleted: 'Payment is not completed',
} as const;

export type PaymentVerdict =
  | { accepted: true; captureId: string; result: PaymentResultDto }
  | { accepted: false; reason: string };

/**
 * Why the payment's request does not pay the order, or undefined when it does: exactly one purchase
 * unit (a second unit could carry another order's id or the rest of the money), marked for this
 * order by every marker it has (`custom_id`, `invoice_id`, at least one), intent CAPTURE (an
 * authorization takes no money), and asking for exactly the order's total in US dollars, compared in
 * integer cents. Anyone holding the public client id can create a PayPal order saying anything.
 */
function requestProblem(payment: ProviderPayment, order: PayableOrder): string | undefined {
  if (payment.units.length !== 1) return PAYMENT_REFUSALS.units;
  const [unit] = payment.units;
  if (!isMarkedFor(unit, order.id)) return PAYMENT_REFUSALS.notForOrder;
  if (payment.intent !== 'CAPTURE') return PAYMENT_REFUSALS.intent;
  if (unit.currencyCode !== SHOP_CURRENCY) return PAYMENT_REFUSALS.currency;
  if (unit.amountCents !== order.totalCents) return PAYMENT_REFUSALS.amount;
  return undefined;
}

function isMarkedFor(unit: ProviderPurchaseUnit, orderId: string): boolean {
  const markers = [unit.customId, unit.invoiceId].filter((marker) => marker !== undefined);
  return markers.length > 0 && markers.every((marker) => marker === orderId);
}

/**
 * Whether the shop may capture the payment for the order: its request pays exactly the order (see
 * requestProblem) and the buyer approved it, not yet captured. Answers the refusal, or undefined.
 * A COMPLETED payment is answered `capturedElsewhere` here: the caller knows whether the capture was its own.
 */
export function captureRefusal(payment: ProviderPayment, order: PayableOrder): string | undefined {
  const problem = requestProblem(payment, order);
  if (problem) return problem;
  if (payment.status === 'COMPLETED') return PAYMENT_REFUSALS.capturedElsewhere;
  if (payment.status !== 'APPROVED') return PAYMENT_REFUSALS.notApproved;
  return undefined;
}

/**
 * Whether the provider's account of a captured payment pays the order: all that captureRefusal asks
 * of the request, and one COMPLETED capture of exactly the order's total in US dollars. Keeps
 * PayPal's account of it (never the browser's).
 */
export function verifyPayment(payment: ProviderPayment, order: PayableOrder): PaymentVerdict {
  const problem = requestProblem(payment, order);
  if (problem) return { accepted: false, reason: problem };
  const captures = payment.units[0].captures;
  if (payment.status !== 'COMPLETED' || captures.length !== 1 || captures[0].status !== 'COMPLETED') {
    return { accepted: false, reason: PAYMENT_REFUSALS.notCompleted };
  }
  const [capture] = captures;
  if (capture.currencyCode !== SHOP_CURRENCY) return { accepted: false, reason: PAYMENT_REFUSALS.currency };
  if (capture.amountCents !== order.totalCents) return { accepted: false, reason: PAYMENT_REFUSALS.amount };
  return {
    accepted: true,
    captureId: capture.id,
    result: {
      id: payment.id,
      status: payment.status,
      update_time: capture.updateTime ?? payment.updateTime ?? '',
      email_address: payment.payerEmail ?? '',
    },
  };
}
