import { Link, Navigate } from 'react-router-dom';
import { useOrders } from '@shop/shop-client';
import { Alert, Button, Cross, dollars, IdCell, isoDay, Paginate, Spinner, Table, usePageTitle, VisuallyHidden } from '@shop/ui';
import { Heading, PAGES_AROUND, RowHeader } from '../../shared/layout.js';

/** Where page n of the admin orders table lives (the shell's route /admin/orderlist/:pageNumber). */
export function orderListHref(page: number): string {
  return `/admin/orderlist/${page}`;
}

export interface OrderListProps {
  /** The 1-based page to show. */
  page: number;
}

/**
 * Every order (spec section 2), newest first, a page at a time: ORDER ID, USER ID, USER NAME, DATE,
 * TOTAL, PAID and DELIVERED (the day, or a cross), and 'Details', which opens the order's page (where
 * an admin marks it delivered; that reloads the cached pages). Pagination when there is more than one page.
 */
export function OrderList({ page }: OrderListProps) {
  usePageTitle('Orders');
  const { data, isPending, error } = useOrders({ pageNumber: page });

  return (
    <>
      <Heading>Orders</Heading>
      {isPending ? (
        <Spinner />
      ) : error ? (
        <Alert variant="danger">{error.message}</Alert>
      ) : page > 1 && page > data.pages ? (
        // Past the last page (an old link): show the last page there is.
        <Navigate to={orderListHref(Math.max(data.pages, 1))} replace />
      ) : data.orders.length === 0 ? (
        <Alert>No orders found.</Alert>
      ) : (
        <>
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
              {data.orders.map((order) => (
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
          <Paginate pages={data.pages} page={data.page} hrefFor={orderListHref} around={PAGES_AROUND} />
        </>
      )}
    </>
  );
}
