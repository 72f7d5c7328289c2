import type { OrderEventDto, OrderEventType } from '@shop/contracts';

/**
 * Each step of an order's history in the shop's words, as checkout's timeline (the buyer's steps) and
 * admin's table (every step) both show them: the buyer's words for the order's own moves, the shop's
 * internals by what they did. A Record of every type, so a step added to the contract is a type error
 * here until it has a name.
 */
export const ORDER_STEP_LABELS: Record<OrderEventType, string> = {
  placed: 'Order placed',
  'stock-reserved': 'Confirmed',
  'stock-refused': 'Cancelled: out of stock',
  'payment-expired': 'Cancelled: not paid in time',
  'payment-refused': 'Payment refused',
  paid: 'Paid',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  'refund-completed': 'Refund completed',
  'refund-retried': 'Refund retried',
  'mail-sent': 'Mail sent',
  'mail-failed': 'Mail failed',
};

/** "Cancelled — Payment not received in time": the step, and why when the server says. */
export function orderStepText(step: Pick<OrderEventDto, 'type' | 'reason'>): string {
  const label = ORDER_STEP_LABELS[step.type];
  return step.reason ? `${label} — ${step.reason}` : label;
}
