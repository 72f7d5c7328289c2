import { styled } from 'styled-components';
import type { OrderDto } from '@shop/contracts';
import { Alert, Spinner } from '@shop/ui';

const Waiting = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

/**
 * Where the order stands with its stock (issue 4): being reserved (the page polls meanwhile), reserved
 * and payable, or cancelled with the reason.
 */
export function StockStatus({ order }: { order: Pick<OrderDto, 'status' | 'cancelReason' | 'isPaid'> }) {
  switch (order.status) {
    case 'pending':
      return (
        <Alert>
          <Waiting>
            <Spinner size="sm" label="Reserving" />
            We&apos;re reserving your items…
          </Waiting>
        </Alert>
      );
    case 'cancelled':
      return <Alert variant="danger">This order was cancelled: {order.cancelReason}</Alert>;
    default:
      return order.isPaid ? null : <p>Your items are reserved.</p>;
  }
}
