/**
 * Admin's actions on an order, exposed as the part `admin/OrderAdminActions` (libs/contracts,
 * REMOTE_PARTS) that checkout's order page renders through Module Federation: the admin team owns
 * what an admin may do to an order and ships it alone. For a signed-in admin, by the order's state
 * (services/orders order-state-machine.ts): a paid, undelivered order offers 'Mark as Delivered'
 * (spec section 2) and 'Refund'; a delivered one 'Refund'; one nobody paid for 'Cancel Order'; a
 * cancelled or refunded order nothing.
 */
import type { RemotePartProps } from '@shop/contracts';
import { useSession } from '@shop/shop-client';
import { Stack } from '../shared/layout.js';
import { CancelButton, DeliverButton, RefundButton } from '../features/orders/order-actions.js';

export default function OrderAdminActions({ order }: RemotePartProps['OrderAdminActions']) {
  const { isAdmin } = useSession();
  if (!isAdmin || order.status === 'cancelled' || order.status === 'refunded') return null;
  if (!order.isPaid) return <CancelButton orderId={order._id} />;
  return (
    <Stack>
      {!order.isDelivered && <DeliverButton orderId={order._id} />}
      <RefundButton orderId={order._id} />
    </Stack>
  );
}
