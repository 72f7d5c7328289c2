import type { OrderDto, OrderEventDto, OrderEventType } from '@shop/contracts';
import { styled } from 'styled-components';
import { isoDay, theme } from '@shop/ui';
import { OrderSection } from '../../shared/order-section.js';
import { useOrderHistory } from './api/get-order-history.js';

/**
 * Each step in the buyer's words. The steps only admins get (refused payments, refunds made or retried,
 * mails) are named too: an admin reads this timeline when admin's own view of the history cannot load.
 * A Record of every type, so a step added to the contract is a type error here until it has a name.
 */
const ORDER_STEP_LABELS: Record<OrderEventType, string> = {
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
function stepText(step: Pick<OrderEventDto, 'type' | 'reason'>): string {
  const label = ORDER_STEP_LABELS[step.type];
  return step.reason ? `${label} — ${step.reason}` : label;
}

const Steps = styled.ol`
  margin: 0;
  padding-left: ${theme.space[4]};

  li + li {
    margin-top: ${theme.space[1]};
  }

  /* A long reason wraps instead of widening the page at 375 px. */
  li {
    overflow-wrap: anywhere;
  }
`;

const When = styled.time`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Unavailable = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * 'Order history': what happened to the order, oldest first, each step with its day (the page's date
 * format, as 'Paid on'; the whole moment in the `<time>`'s datetime) and its reason when there is one.
 * Nothing is shown while the history loads: it sits at the foot of the page, so arriving moves nothing
 * above it. A history that cannot be read is one muted line; the order above stays as it is.
 */
export function OrderHistory({ order }: { order: OrderDto }) {
  const history = useOrderHistory(order._id, order);
  if (!history.data) {
    return history.isError ? (
      <OrderSection title="Order history">
        <Unavailable>The order's history can't be shown right now.</Unavailable>
      </OrderSection>
    ) : null;
  }
  if (history.data.length === 0) return null;
  return (
    <OrderSection title="Order history">
      <Steps>
        {history.data.map((step) => (
          <li key={step._id}>
            {stepText(step)}{' '}
            <When dateTime={step.at}>{isoDay(step.at)}</When>
          </li>
        ))}
      </Steps>
    </OrderSection>
  );
}
