import type { ProviderCapture, ProviderPayment, ProviderPurchaseUnit } from './payment-provider.js';
import { captureRefusal, PAYMENT_REFUSALS, verifyPayment } from './payment-verification.js';

const order = { id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', totalCents: 110_00 };

function capture(fields: Partial<ProviderCapture> = {}): ProviderCapture {
  return { id: 'CAPTURE1', status: 'COMPLETED', currencyCode: 'USD', amountCents: 110_00, updateTime: '2026-11-22T10:00:05Z', ...fields };
}

function unit(fields: Partial<ProviderPurchaseUnit> = {}): ProviderPurchaseUnit {
  return { customId: order.id, invoiceId: order.id, currencyCode: 'USD', amountCents: 110_00, captures: [capture()], ...fields };
}

function payment(fields: Partial<ProviderPayment> = {}): ProviderPayment {
  const units = fields.units ?? [unit()];
  return {
    id: 'PAYPAL1',
    status: 'COMPLETED',
    intent: 'CAPTURE',
    captures: units.flatMap((u) => u.captures),
    payerEmail: 'payer@example.com',
    updateTime: '2026-11-22T10:00:06Z',
    ...fields,
    units,
  };
}

const approved = (fields: Partial<ProviderPayment> = {}) => payment({ status: 'APPROVED', units: [unit({ captures: [] })], ...fields });

describe('captureRefusal: what the shop checks before it takes any money', () => {
  it('lets an approved PayPal order of exactly this order, in USD, intent CAPTURE, be captured', () => {
    expect(captureRefusal(approved(), order)).toBeUndefined();
    expect(captureRefusal(approved({ units: [unit({ invoiceId: undefined, captures: [] })] }), order)).toBeUndefined();
    expect(captureRefusal(approved({ units: [unit({ customId: undefined, captures: [] })] }), order)).toBeUndefined();
  });

  it('refuses two purchase units even when they add up to the total, and none', () => {
    const split = [unit({ amountCents: 60_00, captures: [] }), unit({ customId: 'another-order', invoiceId: undefined, amountCents: 50_00, captures: [] })];
    expect(captureRefusal(approved({ units: split }), order)).toBe(PAYMENT_REFUSALS.units);
    expect(captureRefusal(approved({ units: [] }), order)).toBe(PAYMENT_REFUSALS.units);
  });

  it('refuses a PayPal order marked for another order, for none, or with one marker for another', () => {
    for (const marks of [{ customId: 'victim' }, { customId: undefined, invoiceId: undefined }, { invoiceId: 'victim' }, { customId: 'victim', invoiceId: undefined }]) {
      expect(captureRefusal(approved({ units: [unit({ ...marks, captures: [] })] }), order)).toBe(PAYMENT_REFUSALS.notForOrder);
    }
  });

  it('refuses intent AUTHORIZE, another currency, one cent short, twice the total, or an amount it cannot read', () => {
    expect(captureRefusal(approved({ intent: 'AUTHORIZE' }), order)).toBe(PAYMENT_REFUSALS.intent);
    expect(captureRefusal(approved({ units: [unit({ currencyCode: 'EUR', captures: [] })] }), order)).toBe(PAYMENT_REFUSALS.currency);
    for (const amountCents of [109_99, 220_00, undefined]) {
      expect(captureRefusal(approved({ units: [unit({ amountCents, captures: [] })] }), order)).toBe(PAYMENT_REFUSALS.amount);
    }
  });

  it('refuses a PayPal order the buyer did not approve, and one captured already', () => {
    expect(captureRefusal(approved({ status: 'CREATED' }), order)).toBe(PAYMENT_REFUSALS.notApproved);
    expect(captureRefusal(approved({ status: 'VOIDED' }), order)).toBe(PAYMENT_REFUSALS.notApproved);
    expect(captureRefusal(payment(), order)).toBe(PAYMENT_REFUSALS.capturedElsewhere);
  });
});

describe('verifyPayment: whether a capture pays the order', () => {
  it("accepts one completed capture of exactly the order's total in USD, and keeps PayPal's account of it", () => {
    expect(verifyPayment(payment(), order)).toEqual({
      accepted: true,
      captureId: 'CAPTURE1',
      result: { id: 'PAYPAL1', status: 'COMPLETED', update_time: '2026-11-22T10:00:05Z', email_address: 'payer@example.com' },
    });
  });

  it('refuses a payment that is not captured, or whose capture is pending or refunded', () => {
    expect(verifyPayment(approved(), order)).toEqual({ accepted: false, reason: PAYMENT_REFUSALS.notCompleted });
    expect(verifyPayment(payment({ units: [unit({ captures: [capture({ status: 'PENDING' })] })] }), order)).toMatchObject({ reason: PAYMENT_REFUSALS.notCompleted });
    expect(verifyPayment(payment({ units: [unit({ captures: [capture({ status: 'REFUNDED' })] })] }), order)).toMatchObject({ reason: PAYMENT_REFUSALS.notCompleted });
  });

  it('refuses a capture of another amount or currency than the order, even when the request was right', () => {
    for (const amountCents of [109_99, 110_01, undefined]) {
      expect(verifyPayment(payment({ units: [unit({ captures: [capture({ amountCents })] })] }), order)).toEqual({ accepted: false, reason: PAYMENT_REFUSALS.amount });
    }
    expect(verifyPayment(payment({ units: [unit({ captures: [capture({ currencyCode: 'EUR' })] })] }), order)).toMatchObject({ reason: PAYMENT_REFUSALS.currency });
  });

  it('refuses two captures, two purchase units, or a payment marked for another order', () => {
    expect(verifyPayment(payment({ units: [unit({ captures: [capture({ amountCents: 60_00 }), capture({ id: 'B', amountCents: 50_00 })] })] }), order)).toMatchObject({
      reason: PAYMENT_REFUSALS.notCompleted,
    });
    expect(verifyPayment(payment({ units: [unit(), unit({ customId: 'other' })] }), order)).toMatchObject({ reason: PAYMENT_REFUSALS.units });
    expect(verifyPayment(payment({ units: [unit({ customId: 'another-order', invoiceId: undefined })] }), order)).toMatchObject({ reason: PAYMENT_REFUSALS.notForOrder });
  });
});
