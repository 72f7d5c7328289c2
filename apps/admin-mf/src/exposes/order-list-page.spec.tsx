import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, anAdmin, anOrder, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const unpaid = anOrder();
const delivered = anOrder({
  _id: 'o2',
  totalPrice: 55.5,
  isPaid: true,
  paidAt: '2026-11-21T10:00:00.000Z',
  isDelivered: true,
  deliveredAt: '2026-11-22T15:45:00.000Z',
  createdAt: '2026-11-21T09:00:00.000Z',
});

function rowOf(orderId: string): HTMLElement {
  const row = screen.getByRole('rowheader', { name: orderId }).closest('tr');
  if (!row) throw new Error(`no row for ${orderId}`);
  return row;
}

describe('OrderListPage', () => {
  it.each([
    ['a guest', undefined],
    ['a customer', aCustomer],
  ])('sends %s to /login without asking for the orders', (_, user) => {
    const { calls } = mockApi({ 'GET /api/orders': { json: [unpaid] } });
    renderPage('/admin/orderList', { user });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/login$/);
    expect(calls).toHaveLength(0);
  });

  it("shows a spinner under 'Orders' while the orders load", () => {
    mockApi({ 'GET /api/orders': 'pending' });
    renderPage('/admin/orderList', { user: anAdmin });
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(document.title).toBe('Orders | ProShop');
  });

  it("shows the server's message in a red alert when the orders cannot be read", async () => {
    mockApi({ 'GET /api/orders': { status: 403, json: { message: 'Not authorized as an admin' } } });
    renderPage('/admin/orderList', { user: anAdmin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not authorized as an admin');
  });

  it("says 'No orders found.' when there are none", async () => {
    mockApi({ 'GET /api/orders': { json: [] } });
    renderPage('/admin/orderList', { user: anAdmin });
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists ORDER ID, USER ID, USER NAME, DATE, TOTAL, PAID and DELIVERED, in a region that scrolls sideways', async () => {
    const { calls } = mockApi({ 'GET /api/orders': { json: [unpaid, delivered] } });
    renderPage('/admin/orderList', { user: anAdmin });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ORDER ID',
      'USER ID',
      'USER NAME',
      'DATE',
      'TOTAL',
      'PAID',
      'DELIVERED',
      'Actions',
    ]);
    expect(within(rowOf('o2')).getAllByRole('cell').slice(0, 6).map((cell) => cell.textContent)).toEqual([
      'u1',
      'Jane Doe',
      '2026-11-21',
      '$55.50',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(screen.getByRole('region', { name: 'Orders' })).toContainElement(table);
    expect(calls[0]?.url).toBe('/api/orders');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-of-admin');
  });

  it("shows a cross, read as 'Not paid' and 'Not delivered', for an unpaid, undelivered order", async () => {
    mockApi({ 'GET /api/orders': { json: [unpaid] } });
    renderPage('/admin/orderList', { user: anAdmin });
    await screen.findByRole('table');
    const cells = within(rowOf('o1')).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('2026-11-20');
    expect(cells[3]).toHaveTextContent('$197.98');
    expect(cells[4]).toHaveTextContent('✗Not paid');
    expect(cells[5]).toHaveTextContent('✗Not delivered');
    expect(within(cells[4] as HTMLElement).getByText('✗')).toHaveAttribute('aria-hidden', 'true');
  });

  it("opens the order's page with 'Details', each named by its order", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/orders': { json: [unpaid, delivered] } });
    renderPage('/admin/orderList', { user: anAdmin });
    const details = within(await screen.findByRole('row', { name: /^o2 / })).getByRole('link', { name: 'Details of order o2' });
    expect(details).toHaveTextContent('Details');
    expect(screen.getAllByRole('link', { name: /^Details of order/ })).toHaveLength(2);
    expect(details).toHaveAttribute('href', '/order/o2');
    await user.click(details);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/order/o2');
  });
});
