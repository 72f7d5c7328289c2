import type { OrderDto } from '@shop/contracts';
import { Alert } from '@shop/ui';
import { Waiting } from './waiting.js';

/**
 * Where the order stands with its stock (issue 4): being reserved (the page polls meanwhile), reserved
 * and payable, or cancelled with the reason.
 */
export function StockStatus({ order }: { order: Pick<OrderDto, 'status' | 'cancelReason' | 'isPaid'> }) {
  switch (order.status) {
    case 'pending':
      return (
        <Alert>
          <Waiting text="We're reserving your items…" />
        </Alert>
      );
    case 'cancelled':
      return <Alert variant="danger">This order was cancelled: {order.cancelReason}</Alert>;
    default:
      return order.isPaid ? null : <p>Your items are reserved.</p>;
  }
}
