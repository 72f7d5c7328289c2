/**
 * An order (spec section 2, route /order/:id), exposed to the shell as `checkout/OrderPage`. Signed-in
 * only; it polls while the stock is being reserved (useOrder) and says 'Order created!' when opened
 * straight from 'Place Order'.
 */
import { useLocation, useParams } from 'react-router-dom';
import { useOrder, useSession, useShopClient } from '@shop/shop-client';
import { Alert, Spinner, usePageTitle } from '@shop/ui';
import { isOrderCreatedState } from '../shared/order-created.js';
import { OrderDetails } from '../features/order/order-details.js';
import { RequireSignIn } from '../shared/require-sign-in.js';

function Order({ id }: { id: string }) {
  const { store } = useShopClient();
  const { isAdmin } = useSession(store);
  const { state } = useLocation();
  const { data: order, isPending, error } = useOrder(id);
  return (
    <>
      <h1>Order {id}</h1>
      {isOrderCreatedState(state) && <Alert variant="success">Order created!</Alert>}
      {isPending ? (
        <Spinner />
      ) : error ? (
        <Alert variant="danger">{error.message}</Alert>
      ) : (
        <OrderDetails order={order} isAdmin={isAdmin} />
      )}
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
