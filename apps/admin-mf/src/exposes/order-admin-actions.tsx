/**
 * Admin's actions on an order, exposed as the part `admin/OrderAdminActions` (libs/contracts,
 * REMOTE_PARTS) that checkout's order page renders through Module Federation: the admin team owns
 * what an admin may do to an order and ships it alone. For a signed-in admin, a paid, undelivered order
 * offers 'Mark as Delivered' (spec section 2); anything else renders nothing.
 */
import type { RemotePartProps } from '@shop/contracts';
import { useSession } from '@shop/shop-client';
import { DeliverButton } from '../features/orders/deliver-button.js';

export default function OrderAdminActions({ order }: RemotePartProps['OrderAdminActions']) {
  const { isAdmin } = useSession();
  if (!isAdmin || !order.isPaid || order.isDelivered) return null;
  return <DeliverButton orderId={order._id} />;
}
