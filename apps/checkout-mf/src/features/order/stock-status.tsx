import type { OrderDto } from '@shop/contracts';
import { Alert, Spinner } from '@shop/ui';

/** A moment as the shopper reads it, in their own language and time zone: "Nov 24, 2026, 2:30 PM". */
const MOMENT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Where the order stands with its stock (issue 4): being reserved (the page polls meanwhile), reserved
 * and payable until its payment deadline (PAYMENT_HOLD on the server), or cancelled with the reason.
 */
export function StockStatus({ order }: { order: Pick<OrderDto, 'status' | 'cancelReason' | 'isPaid' | 'payableUntil'> }) {
  switch (order.status) {
    case 'pending':
      return (
        <Alert>
          <Spinner size="sm" label="We're reserving your items…" showLabel />
        </Alert>
      );
    case 'cancelled':
      return <Alert variant="danger">This order was cancelled: {order.cancelReason}</Alert>;
    default:
      if (order.isPaid) return null;
      if (!order.payableUntil) return <p>Your items are reserved.</p>;
      return (
        <p>
          Your items are reserved until <time dateTime={order.payableUntil}>{MOMENT.format(new Date(order.payableUntil))}</time>. Pay by then, or
          the order is cancelled and the items go back on sale.
        </p>
      );
  }
}
