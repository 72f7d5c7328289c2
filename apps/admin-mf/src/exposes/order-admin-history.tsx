/**
 * Admin's view of an order's history, exposed as the part `admin/OrderAdminHistory` (libs/contracts,
 * REMOTE_PARTS) that checkout's order page renders for an admin instead of the buyer's timeline: every
 * step, who made it (the shop, the buyer, or the admin by name) and its details (PayPal's ids, amounts,
 * mails). The admin team owns what admins are shown of an order's internals and ships it alone;
 * checkout only decides where it goes. Nothing for anyone but a signed-in admin.
 */
import type { RemotePartProps } from '@shop/contracts';
import { useSession } from '@shop/shop-client';
import { OrderHistoryTable } from '../features/orders/order-history-table.js';

export default function OrderAdminHistory({ order }: RemotePartProps['OrderAdminHistory']) {
  const { isAdmin } = useSession();
  if (!isAdmin) return null;
  return <OrderHistoryTable order={order} />;
}
