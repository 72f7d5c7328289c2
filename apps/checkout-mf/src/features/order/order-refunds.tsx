import type { OrderRefundDto } from '@shop/contracts';
import { dollars, IdCell, isoDay, Table } from '@shop/ui';
import { OrderSection } from '../../shared/order-section.js';

/** An amount in its currency: dollars as the shop shows them, any other currency by its code. */
const amountOf = (refund: OrderRefundDto): string =>
  refund.amount === undefined ? '—' : refund.currency === 'USD' ? dollars(refund.amount) : `${refund.amount.toFixed(2)} ${refund.currency}`;

/**
 * The captures the shop gave back for an order (admins only: the API answers `refunds` to admins): money
 * PayPal took that the shop could not use (a race lost, the deadline passed during the capture). A
 * refund PayPal has not made yet is shown pending; the orders service retries it.
 */
export function OrderRefunds({ refunds }: { refunds: readonly OrderRefundDto[] }) {
  return (
    <OrderSection title="Refunds">
      <Table label="Refunded captures" columns={['CAPTURE', 'REFUND', 'AMOUNT', 'REASON', 'STATUS', 'DATE']}>
        {refunds.map((refund) => (
          <tr key={refund.captureId}>
            <IdCell>{refund.captureId}</IdCell>
            <IdCell>{refund.refundId ?? '—'}</IdCell>
            <td>{amountOf(refund)}</td>
            <td>{refund.reason}</td>
            <td>{refund.status === 'completed' ? 'Refunded' : 'Pending'}</td>
            <td>{isoDay(refund.refundedAt ?? refund.createdAt)}</td>
          </tr>
        ))}
      </Table>
    </OrderSection>
  );
}
