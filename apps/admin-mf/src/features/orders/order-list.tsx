import { Link } from 'react-router-dom';
import { ORDER_SORTS, ORDER_STATES, type OrderSort, type OrderState } from '@shop/contracts';
import { Alert, Button, Cross, dollars, Field, IdCell, Input, isoDay, Select, Table, usePageTitle, VisuallyHidden } from '@shop/ui';
import { useOrders } from './api/get-orders.js';
import { useCsvExport } from '../../shared/export-csv.js';
import { Heading, RowHeader } from '../../shared/layout.js';
import { PagedTable } from '../../shared/paged-table.js';
import { SortableHeading } from '../../shared/sortable-heading.js';
import { RowCount, TableToolbar } from '../../shared/table-toolbar.js';
import { nextSort, useTableView } from '../../shared/table-view.js';

/** Where page n of the admin orders table lives (the shell's route /admin/orderlist/:pageNumber). */
export function orderListHref(page: number): string {
  return `/admin/orderlist/${page}`;
}

export interface OrderListProps {
  /** The 1-based page to show. */
  page: number;
}

type OrderFilter = 'paid' | 'delivered' | 'from' | 'to' | 'state';

/** Each state of an order (ORDER_STATES) as the State filter offers it. */
const ORDER_STATE_LABELS: Record<OrderState, string> = {
  'awaiting-stock': 'Awaiting stock',
  'awaiting-payment': 'Awaiting payment',
  paid: 'Paid',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const isState = (value: string): value is OrderState => (ORDER_STATES as readonly string[]).includes(value);
const isFlag = (value: string) => value === 'true' || value === 'false';
const isDay = (value: string) => /^[2-9][0-9]{3}-[0-9]{2}-[0-9]{2}$/.test(value);
/** The filters the orders table takes from its address, and the values each accepts. */
const ORDER_FILTERS = { paid: isFlag, delivered: isFlag, from: isDay, to: isDay, state: isState } as const;

/**
 * Every order (spec section 2), newest first unless sorted, a page at a time: ORDER ID, USER ID, USER
 * NAME, DATE, TOTAL, PAID and DELIVERED (the day, or a cross), and 'Details', which opens the order's
 * page (where an admin marks it delivered; that reloads the cached pages). Search by order id or
 * customer, filter by payment, delivery, days and state (the one the orders service keeps: awaiting
 * stock, awaiting payment, paid, delivered, cancelled, refunded), sort by a column, export every matching
 * order as CSV; all of it in the address. Pagination when there is more than one page.
 */
export function OrderList({ page }: OrderListProps) {
  usePageTitle('Orders');
  const table = useTableView<OrderSort, OrderFilter>({ pathOf: orderListHref, sorts: ORDER_SORTS, filters: ORDER_FILTERS });
  const { search, sort, direction, filters } = table.view;
  const orders = useOrders({
    pageNumber: page,
    search: search || undefined,
    sort,
    direction: sort && direction === 'desc' ? 'desc' : undefined,
    paid: filters.paid === undefined ? undefined : filters.paid === 'true',
    delivered: filters.delivered === undefined ? undefined : filters.delivered === 'true',
    from: filters.from,
    to: filters.to,
    state: filters.state !== undefined && isState(filters.state) ? filters.state : undefined,
  });
  const exportOrders = useCsvExport('/api/orders/export');

  const heading = (label: string, column: OrderSort) => (
    <SortableHeading label={label} sorted={sort === column ? direction : undefined} href={table.hrefWith(nextSort(table.view, column))} />
  );

  return (
    <>
      <Heading>Orders</Heading>
      <TableToolbar
        searchLabel="Search orders by order id, customer name or email"
        search={search}
        onSearch={(text) => table.change({ search: text })}
        onExport={() => exportOrders.mutate(table.query)}
        exporting={exportOrders.isPending}
        exportError={exportOrders.error?.message}
        filters={
          <>
            <Field label="Paid">
              <Select value={filters.paid ?? ''} onChange={(event) => table.change({ filters: { paid: event.target.value } })}>
                <option value="">Any</option>
                <option value="true">Paid</option>
                <option value="false">Not paid</option>
              </Select>
            </Field>
            <Field label="Delivered">
              <Select value={filters.delivered ?? ''} onChange={(event) => table.change({ filters: { delivered: event.target.value } })}>
                <option value="">Any</option>
                <option value="true">Delivered</option>
                <option value="false">Not delivered</option>
              </Select>
            </Field>
            <Field label="From">
              <Input type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => table.change({ filters: { from: event.target.value } })} />
            </Field>
            <Field label="To">
              <Input type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => table.change({ filters: { to: event.target.value } })} />
            </Field>
            {/* Last: the toolbar holds two filters a row on a phone and four from md, so From and To stay side by side. */}
            <Field label="State">
              <Select value={filters.state ?? ''} onChange={(event) => table.change({ filters: { state: event.target.value } })}>
                <option value="">All</option>
                {ORDER_STATES.map((state) => (
                  <option key={state} value={state}>
                    {ORDER_STATE_LABELS[state]}
                  </option>
                ))}
              </Select>
            </Field>
          </>
        }
      />
      <PagedTable
        query={orders}
        readPage={(data) => data}
        page={page}
        hrefFor={table.hrefFor}
        empty={<Alert>No orders found.</Alert>}
        count={(total) => <RowCount total={total} one="order" many="orders" />}
      >
        {(rows) => (
          <Table label="Orders">
            <thead>
              <tr>
                <th scope="col">ORDER ID</th>
                <th scope="col">USER ID</th>
                {heading('USER NAME', 'userName')}
                {heading('DATE', 'createdAt')}
                {heading('TOTAL', 'totalPrice')}
                {heading('PAID', 'paidAt')}
                {heading('DELIVERED', 'deliveredAt')}
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </Table>
        )}
      </PagedTable>
    </>
  );
}
