import { Link } from 'react-router-dom';
import { useOrders } from '@shop/shop-client';
import { Alert, Button, Cross, dollars, IdCell, isoDay, Spinner, Table, usePageTitle, VisuallyHidden } from '@shop/ui';
import { Heading, RowHeader } from '../layout.js';

/**
 * Every order (spec section 2): ORDER ID, USER ID, USER NAME, DATE, TOTAL, PAID and DELIVERED (the day,
 * or a cross), and 'Details', which opens the order's page (where an admin marks it delivered).
 */
export function OrderList() {
  usePageTitle('Orders');
  const { data: orders, isPending, error } = useOrders();

  return (
    <>
      <Heading>Orders</Heading>
      {isPending ? (
        <Spinner />
      ) : error ? (
        <Alert variant="danger">{error.message}</Alert>
      ) : orders.length === 0 ? (
        <Alert>No orders found.</Alert>
      ) : (
        <Table label="Orders">
          <thead>
            <tr>
              <th scope="col">ORDER ID</th>
              <th scope="col">USER ID</th>
              <th scope="col">USER NAME</th>
              <th scope="col">DATE</th>
              <th scope="col">TOTAL</th>
              <th scope="col">PAID</th>
              <th scope="col">DELIVERED</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order._id}>
                <RowHeader>{order._id}</RowHeader>
                <IdCell>{order.user._id}</IdCell>
                <td>{order.user.name}</td>
                <td>{isoDay(order.createdAt)}</td>
                <td>{dollars(order.totalPrice)}</td>
                <td>{order.isPaid && order.paidAt ? isoDay(order.paidAt) : <Cross label="Not paid" />}</td>
                <td>{order.isDelivered && order.deliveredAt ? isoDay(order.deliveredAt) : <Cross label="Not delivered" />}</td>
                <td>
                  <Button as={Link} to={`/order/${order._id}`} $size="sm" $variant="light" aria-label={`Details of order ${order._id}`}>
                    Details
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
