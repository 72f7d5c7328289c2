import { Link } from 'react-router-dom';
import type { ProfileDto } from '@shop/contracts';
import { Alert, Button, Cross, dollars, IdCell, orderListDate, Table } from '@shop/ui';

/** A date, or a red cross (read out as "No") when the thing has not happened. */
function DateOrCross({ iso }: { iso: string | undefined }) {
  return iso ? <>{orderListDate(iso)}</> : <Cross label="No" />;
}

export interface MyOrdersProps {
  profile: ProfileDto;
}

/**
 * 'My Orders': the profile's own orderList (GET /api/users/profile already carries it, so no second
 * call), dates as dd/mm/yyyy with a 12-hour time (spec section 9).
 */
export function MyOrders({ profile }: MyOrdersProps) {
  const orders = profile.orderList;
  return (
    <section aria-labelledby="my-orders">
      <h2 id="my-orders">My Orders</h2>
      {profile.ordersUnavailable ? (
        <Alert>Your orders can&apos;t be shown right now.</Alert>
      ) : orders.length === 0 ? (
        <Alert>No orders found.</Alert>
      ) : (
        <Table label="My Orders" columns={['ID', 'DATE', 'TOTAL', 'PAID', 'DELIVERED', { hiddenLabel: 'Details' }]}>
          {orders.map((order) => (
            <tr key={order._id}>
              <IdCell>{order._id}</IdCell>
              <td>{orderListDate(order.createdAt)}</td>
              <td>{dollars(order.totalPrice)}</td>
              <td>
                <DateOrCross iso={order.isPaid ? order.paidAt : undefined} />
              </td>
              <td>
                <DateOrCross iso={order.isDelivered ? order.deliveredAt : undefined} />
              </td>
              <td>
                <Button as={Link} to={`/order/${order._id}`} $size="sm" $variant="light" aria-label={`Details of order ${order._id}`}>
                  Details
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
