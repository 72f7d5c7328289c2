import { Link } from 'react-router-dom';
import { Alert, Button, Cross, dollars, IdCell, isoDay, Table, usePageTitle } from '@shop/ui';
import { useOrders } from './api/get-orders.js';
import { Heading, RowHeader } from '../../shared/layout.js';
import { PagedTable } from '../../shared/paged-table.js';

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
  const orders = useOrders({ pageNumber: page });

  return (
    <>
      <Heading>Orders</Heading>
      <PagedTable query={orders} page={page} hrefFor={orderListHref} rowsOf={(data) => data.orders} empty={<Alert>No orders found.</Alert>}>
        {(rows) => (
          <Table label="Orders" columns={['ORDER ID', 'USER ID', 'USER NAME', 'DATE', 'TOTAL', 'PAID', 'DELIVERED', { hiddenLabel: 'Actions' }]}>
            {rows.map((order) => (
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
          </Table>
        )}
      </PagedTable>
    </>
  );
}
