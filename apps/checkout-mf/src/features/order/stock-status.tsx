import type { OrderDto } from '@shop/contracts';
import { Alert, isoDay, Spinner } from '@shop/ui';

/** A moment as the shopper reads it, in their own language and time zone: "Nov 24, 2026, 2:30 PM". */
const MOMENT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Where the order stands with its stock (issue 4): being reserved (the page polls meanwhile), reserved
 * and payable until its payment deadline (PAYMENT_HOLD on the server), cancelled with the reason (and
 * when, and which admin did it when one did), or refunded (when, and by whom).
 */
export function StockStatus({
  order,
}: {
  order: Pick<OrderDto, 'status' | 'cancelReason' | 'isPaid' | 'payableUntil' | 'cancelledAt' | 'cancelledBy' | 'refundedAt' | 'refundedBy'>;
}) {
  switch (order.status) {
    case 'pending':
      return (
        <Alert>
          <Spinner size="sm" label="We're reserving your items…" showLabel />
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert variant="danger">
          This order was cancelled: {order.cancelReason}
          {order.cancelledAt && <ByWhom what="Cancelled" at={order.cancelledAt} by={order.cancelledBy} />}
        </Alert>
      );
    case 'refunded':
      return (
        <Alert variant="info">
          This order was refunded: the payment goes back to the buyer's PayPal account.
          {order.refundedAt && <ByWhom what="Refunded" at={order.refundedAt} by={order.refundedBy} />}
        </Alert>
      );
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

/** "Cancelled on 2026-11-26 by Ada Admin." on its own line; the shop itself goes unnamed. */
function ByWhom({ what, at, by }: { what: string; at: string; by?: { name: string } }) {
  return (
    <>
      <br />
      {what} on <time dateTime={at}>{isoDay(at)}</time>
      {by ? ` by ${by.name}` : ''}.
    </>
  );
}
