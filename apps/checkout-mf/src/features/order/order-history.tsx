import type { OrderDto } from '@shop/contracts';
import { styled } from 'styled-components';
import { useOrderHistory } from '@shop/shop-client';
import { isoDay, orderStepText, theme } from '@shop/ui';
import { OrderSection } from '../../shared/order-section.js';

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
            {orderStepText(step)}{' '}
            <When dateTime={step.at}>{isoDay(step.at)}</When>
          </li>
        ))}
      </Steps>
    </OrderSection>
  );
}
