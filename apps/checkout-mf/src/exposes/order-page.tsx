/**
 * An order (spec section 2, route /order/:id), exposed to the shell as `checkout/OrderPage`. Signed-in
 * only; it polls while the stock is being reserved (useOrder) and says 'Order created!' when opened
 * straight from 'Place Order'.
 */
import { useLocation, useParams } from 'react-router-dom';
import { useSession } from '@shop/shop-client';
import { Alert, QueryResult, usePageTitle } from '@shop/ui';
import { isOrderCreatedState } from '../shared/order-created.js';
import { useOrder } from '../features/order/api/get-order.js';
import { OrderDetails } from '../features/order/order-details.js';
import { RequireSignIn } from '../shared/require-sign-in.js';

function Order({ id }: { id: string }) {
  const { isAdmin } = useSession();
  const { state } = useLocation();
  const order = useOrder(id);
  return (
    <>
      <h1>Order {id}</h1>
      {isOrderCreatedState(state) && <Alert variant="success">Order created!</Alert>}
      <QueryResult query={order}>{(data) => <OrderDetails order={data} isAdmin={isAdmin} />}</QueryResult>
    </>
  );
}

export default function OrderPage() {
  const { id = '' } = useParams();
  usePageTitle(`Order ${id}`);
  return (
    <RequireSignIn redirect={`order/${id}`}>
      <Order id={id} />
    </RequireSignIn>
  );
}
