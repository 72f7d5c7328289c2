/**
 * All orders (spec section 2, route /admin/orderList), exposed to the shell as `admin/OrderListPage`.
 * Admins only: anyone else goes to /login (spec section 6).
 */
import { OrderList } from '../orders/order-list.js';
import { RequireAdmin } from '../require-admin.js';

export default function OrderListPage() {
  return (
    <RequireAdmin otherwise="/login">
      <OrderList />
    </RequireAdmin>
  );
}
