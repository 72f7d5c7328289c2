import { ORDER_EVENT_TYPES } from '@shop/contracts';
import { ORDER_STEP_LABELS, orderStepText } from './order-steps.js';

describe("an order's steps in the shop's words", () => {
  it('names every step of the contract, each differently', () => {
    expect(Object.keys(ORDER_STEP_LABELS).sort()).toEqual([...ORDER_EVENT_TYPES].sort());
    expect(new Set(Object.values(ORDER_STEP_LABELS)).size).toBe(ORDER_EVENT_TYPES.length);
  });

  it('gives the reason after a dash when the server says why', () => {
    expect(orderStepText({ type: 'placed' })).toBe('Order placed');
    expect(orderStepText({ type: 'payment-expired', reason: 'Payment not received in time' })).toBe('Cancelled: not paid in time — Payment not received in time');
    expect(orderStepText({ type: 'stock-refused', reason: 'Desk lamp is out of stock' })).toBe('Cancelled: out of stock — Desk lamp is out of stock');
  });
});
