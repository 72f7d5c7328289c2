import type { ProviderCapture, ProviderPayment } from './payment-provider.js';
import { verifyPayment } from './payment-verification.js';

const order = { id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', totalCents: 110_00 };

function capture(fields: Partial<ProviderCapture> = {}): ProviderCapture {
  return { id: 'CAPTURE1', status: 'COMPLETED', currencyCode: 'USD', amountCents: 110_00, updateTime: '2026-11-22T10:00:05Z', ...fields };
}

function payment(fields: Partial<ProviderPayment> = {}): ProviderPayment {
  return {
    id: 'PAYPAL1',
    status: 'COMPLETED',
    captures: [capture()],
    payerEmail: 'payer@example.com',
    updateTime: '2026-11-22T10:00:06Z',
    shopOrderId: order.id,
    ...fields,
  };
}

describe('verifyPayment', () => {
  it("accepts a completed capture of exactly the order's total in USD, and keeps PayPal's account of it", () => {
    expect(verifyPayment(payment(), order)).toEqual({
      accepted: true,
      captureId: 'CAPTURE1',
      result: { id: 'PAYPAL1', status: 'COMPLETED', update_time: '2026-11-22T10:00:05Z', email_address: 'payer@example.com' },
    });
  });

  it('refuses a payment that is approved but not captured, or whose capture is pending or refunded', () => {
    expect(verifyPayment(payment({ status: 'APPROVED', captures: [] }), order)).toEqual({ accepted: false, reason: 'Payment is not completed' });
    expect(verifyPayment(payment({ captures: [capture({ status: 'PENDING' })] }), order)).toMatchObject({ reason: 'Payment is not completed' });
    expect(verifyPayment(payment({ captures: [capture({ status: 'REFUNDED' })] }), order)).toMatchObject({ reason: 'Payment is not completed' });
  });

  it('refuses less, more, or an amount it cannot read', () => {
    for (const amountCents of [109_99, 110_01, undefined]) {
      expect(verifyPayment(payment({ captures: [capture({ amountCents })] }), order)).toEqual({
        accepted: false,
        reason: 'Payment amount does not match the order total',
      });
    }
  });

  it('refuses another currency, even for the same figure', () => {
    expect(verifyPayment(payment({ captures: [capture({ currencyCode: 'EUR' })] }), order)).toMatchObject({ reason: 'Payment currency must be USD' });
  });

  it('adds up the completed captures of several purchase units', () => {
    const split = [capture({ id: 'A', amountCents: 60_00 }), capture({ id: 'B', amountCents: 50_00 })];
    expect(verifyPayment(payment({ captures: split }), order)).toMatchObject({ accepted: true, captureId: 'A' });
  });

  it('refuses a payment marked for another shop order, or for none (the shop opens every payment it accepts)', () => {
    expect(verifyPayment(payment({ shopOrderId: 'another-order' }), order)).toMatchObject({ reason: 'Payment was not made for this order' });
    expect(verifyPayment(payment({ shopOrderId: undefined }), order)).toMatchObject({ reason: 'Payment was not made for this order' });
    expect(verifyPayment(payment({ shopOrderId: order.id }), order)).toMatchObject({ accepted: true });
  });
});
