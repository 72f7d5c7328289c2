import { SHOP_CURRENCY, type PaymentResultDto } from '@shop/contracts';
import type { ProviderPayment } from './payment-provider.js';

/** What a payment must pay for. */
export interface PayableOrder {
  id: string;
  totalCents: number;
}

export type PaymentVerdict =
  | { accepted: true; captureId: string; result: PaymentResultDto }
  | { accepted: false; reason: string };

/**
 * Whether the provider's account of a payment pays the order: completed,
 * captured in US dollars, for exactly the order's total (overpaying is
 * refused too), and marked for this shop order (the shop opens every payment).
 */
export function verifyPayment(payment: ProviderPayment, order: PayableOrder): PaymentVerdict {
  const captures = payment.captures.filter((capture) => capture.status === 'COMPLETED');
  if (payment.status !== 'COMPLETED' || captures.length === 0) return { accepted: false, reason: 'Payment is not completed' };
  // Only a payment the shop opened for this very order (its id in PayPal's custom_id) pays it.
  if (payment.shopOrderId !== order.id) return { accepted: false, reason: 'Payment was not made for this order' };
  if (captures.some((capture) => capture.currencyCode !== SHOP_CURRENCY)) {
    return { accepted: false, reason: `Payment currency must be ${SHOP_CURRENCY}` };
  }
  const capturedCents = captures.reduce<number | undefined>(
    (sum, capture) => (sum === undefined || capture.amountCents === undefined ? undefined : sum + capture.amountCents),
    0,
  );
  if (capturedCents !== order.totalCents) return { accepted: false, reason: 'Payment amount does not match the order total' };
  const [capture] = captures;
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
