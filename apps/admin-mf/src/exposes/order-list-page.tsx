/**
 * All orders (spec section 2, routes /admin/orderList and /admin/orderlist/:pageNumber), exposed to the
 * shell as `admin/OrderListPage`. Admins only: anyone else goes to /login (spec section 6).
 */
import { useParams } from 'react-router-dom';
import { pageOf } from '../shared/layout.js';
import { OrderList } from '../features/orders/order-list.js';
import { RequireAdmin } from '../shared/require-admin.js';

export default function OrderListPage() {
  const { pageNumber } = useParams();
  return (
    <RequireAdmin otherwise="/login">
      <OrderList page={pageOf(pageNumber)} />
    </RequireAdmin>
  );
}
