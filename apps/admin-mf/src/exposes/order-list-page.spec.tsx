import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OrderDto } from '@shop/contracts';
import { aCustomer, anAdmin, anOrder, listReply, mockApi } from '@shop/web-testing';
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

/** An answer of GET /api/orders: the page's orders, the total and the pages in its headers (20 a page). */
function listOf(orders: OrderDto[], _page = 1, pages = orders.length === 0 ? 0 : 1) {
  return listReply(orders, { total: pages <= 1 ? orders.length : pages * 20, pages });
}

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
    const { calls } = mockApi({ 'GET /api/orders': listOf([unpaid]) });
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
    mockApi({ 'GET /api/orders': listOf([]) });
    renderPage('/admin/orderList', { user: anAdmin });
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists ORDER ID, USER ID, USER NAME, DATE, TOTAL, PAID and DELIVERED, in a region that scrolls sideways', async () => {
    const { calls } = mockApi({ 'GET /api/orders': listOf([unpaid, delivered]) });
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
    expect(calls[0]?.url).toBe('/api/orders?pageNumber=1');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-of-admin');
  });

  it("shows a cross, read as 'Not paid' and 'Not delivered', for an unpaid, undelivered order", async () => {
    mockApi({ 'GET /api/orders': listOf([unpaid]) });
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
    mockApi({ 'GET /api/orders': listOf([unpaid, delivered]) });
    renderPage('/admin/orderList', { user: anAdmin });
    const details = within(await screen.findByRole('row', { name: /^o2 / })).getByRole('link', { name: 'Details of order o2' });
    expect(details).toHaveTextContent('Details');
    expect(screen.getAllByRole('link', { name: /^Details of order/ })).toHaveLength(2);
    expect(details).toHaveAttribute('href', '/order/o2');
    await user.click(details);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/order/o2');
  });

  describe('page by page', () => {
    const orders = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => anOrder({ _id: `o${from + i}`, user: { _id: `u${from + i}`, name: `Buyer ${from + i}`, email: 'b@example.com' } }));

    it('reads page 1 at /admin/orderList, with no pagination when there is one page', async () => {
      const { calls } = mockApi({ 'GET /api/orders': listOf([unpaid, delivered]) });
      renderPage('/admin/orderList', { user: anAdmin });
      await screen.findByRole('table');
      expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=1']);
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    });

    it('shows the page of the address, each order with its user name, and links the pages to /admin/orderlist/n', async () => {
      const { calls } = mockApi({ 'GET /api/orders': listOf(orders(21, 20), 2, 3) });
      renderPage('/admin/orderlist/2', { user: anAdmin });
      expect(within(await screen.findByRole('row', { name: /^o21 / })).getByRole('cell', { name: 'Buyer 21' })).toBeInTheDocument();
      const pagination = screen.getByRole('navigation', { name: 'Pagination' });
      expect(within(pagination).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
        '/admin/orderlist/1',
        '/admin/orderlist/2',
        '/admin/orderlist/3',
      ]);
      expect(within(pagination).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
      expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=2']);
    });

    it('links the first, the last and the pages near the current one when there are thousands', async () => {
      mockApi({ 'GET /api/orders': listOf(orders(1, 20), 1, 2500) });
      renderPage('/admin/orderList', { user: anAdmin });
      const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
      expect(within(pagination).getAllByRole('link').map((link) => link.textContent)).toEqual(['1', '2', '3', '2500']);
    });

    it('moves to another page with its link', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({
        'GET /api/orders': (call) => (call.url.endsWith('pageNumber=2') ? listOf(orders(21, 2), 2, 2) : listOf(orders(1, 20), 1, 2)),
      });
      renderPage('/admin/orderList', { user: anAdmin });
      await screen.findByRole('rowheader', { name: 'o1' });
      await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: '2' }));
      expect(await screen.findByRole('rowheader', { name: 'o22' })).toBeInTheDocument();
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/orderlist\/2$/);
      expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=1', '/api/orders?pageNumber=2']);
    });

    it('shows the last page for an address past it', async () => {
      mockApi({ 'GET /api/orders': (call) => (call.url.endsWith('pageNumber=7') ? listOf([], 7, 2) : listOf([delivered], 2, 2)) });
      renderPage('/admin/orderlist/7', { user: anAdmin });
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/orderlist\/2$/));
      expect(await screen.findByRole('rowheader', { name: 'o2' })).toBeInTheDocument();
    });
  });

  describe('search, filters, sort and export', () => {
    it('shows how many orders match, and searches by order id or customer from the address, starting at page 1', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({ 'GET /api/orders': (call) => (call.url.includes('search=') ? listOf([delivered]) : listOf([unpaid, delivered], 2, 3)) });
      renderPage('/admin/orderlist/2', { user: anAdmin });
      expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('60 orders');
      await user.type(screen.getByRole('searchbox', { name: 'Search orders by order id, customer name or email' }), '  Ann Buyer ');
      await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/orderlist\/1\?search=Ann\+Buyer$/));
      expect(await screen.findByText('1 order')).toBeInTheDocument();
      expect(calls.at(-1)?.url).toBe('/api/orders?pageNumber=1&search=Ann+Buyer');
    });

    it('filters by payment, delivery and days, keeping them in the address and in the pagination links', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({ 'GET /api/orders': listOf([unpaid], 1, 3) });
      renderPage('/admin/orderList?from=2026-11-01', { user: anAdmin });
      await screen.findByRole('table');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Paid' }), 'Not paid');
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin/orderlist/1?from=2026-11-01&paid=false'));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Delivered' }), 'Delivered');
      await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/orders?pageNumber=1&paid=false&delivered=true&from=2026-11-01'));
      const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
      expect(within(pagination).getByRole('link', { name: '2' })).toHaveAttribute('href', '/admin/orderlist/2?paid=false&delivered=true&from=2026-11-01');
      expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    });

    it('filters by state, offering every state by name, keeping it in the address and in the pagination links', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({ 'GET /api/orders': listOf([unpaid], 1, 3) });
      renderPage('/admin/orderList?paid=false', { user: anAdmin });
      await screen.findByRole('table');
      const state = screen.getByRole('combobox', { name: 'State' });
      expect(state).toHaveValue('');
      expect(within(state).getAllByRole('option').map((option) => [option.textContent, option.getAttribute('value')])).toEqual([
        ['All', ''],
        ['Awaiting stock', 'awaiting-stock'],
        ['Awaiting payment', 'awaiting-payment'],
        ['Paid', 'paid'],
        ['Delivered', 'delivered'],
        ['Cancelled', 'cancelled'],
        ['Refunded', 'refunded'],
      ]);

      await user.selectOptions(state, 'Awaiting payment');
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/orderlist\/1\?paid=false&state=awaiting-payment$/));
      await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/orders?pageNumber=1&paid=false&state=awaiting-payment'));
      expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('awaiting-payment');
      const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
      expect(within(pagination).getByRole('link', { name: '2' })).toHaveAttribute('href', '/admin/orderlist/2?paid=false&state=awaiting-payment');

      // 'All' takes the filter off (the page without it is still in the cache: nothing more to ask).
      await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'All');
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/orderlist\/1\?paid=false$/));
      expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=1&paid=false', '/api/orders?pageNumber=1&paid=false&state=awaiting-payment']);
    });

    it('reads the state from the address', async () => {
      const { calls } = mockApi({ 'GET /api/orders': listOf([unpaid]) });
      renderPage('/admin/orderList?state=refunded', { user: anAdmin });
      await screen.findByRole('table');
      expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('refunded');
      expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=1&state=refunded']);
    });

    it('ignores values in the address that are not the table\'s, rather than asking for a 400', async () => {
      const { calls } = mockApi({ 'GET /api/orders': listOf([unpaid]) });
      renderPage('/admin/orderList?sort=password&paid=maybe&state=lost&from=yesterday&direction=sideways', { user: anAdmin });
      await screen.findByRole('table');
      expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=1']);
    });

    it("draws the sort arrow with an empty alternative text, so a heading's name stays the column's", async () => {
      mockApi({ 'GET /api/orders': listOf([unpaid]) });
      renderPage('/admin/orderList', { user: anAdmin });
      const link = within(await screen.findByRole('columnheader', { name: 'TOTAL' })).getByRole('link', { name: 'TOTAL' });
      expect(link).toHaveAttribute('data-sorted', 'none');
      // jsdom computes no generated content: read the link's ::after rules from the page's stylesheets.
      const arrowRules = Array.from(document.styleSheets)
        .flatMap((sheet) => Array.from(sheet.cssRules))
        .map((rule) => rule.cssText)
        .filter((text) => text.includes('::after') && Array.from(link.classList).some((name) => text.includes(`.${name}`)));
      expect(arrowRules).toHaveLength(3);
      for (const rule of arrowRules) expect(rule).toMatch(/content: *'[↕▲▼]' *\/ *''/);
    });

    it('sorts by a column heading: ascending, then descending, then the default; aria-sort says which', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({ 'GET /api/orders': listOf([unpaid, delivered]) });
      renderPage('/admin/orderList', { user: anAdmin });
      const table = await screen.findByRole('table');
      const total = () => within(screen.getByRole('table')).getByRole('columnheader', { name: 'TOTAL' });
      expect(total()).toHaveAttribute('aria-sort', 'none');
      await user.click(within(total()).getByRole('link', { name: 'TOTAL' }));
      await waitFor(() => expect(total()).toHaveAttribute('aria-sort', 'ascending'));
      await user.click(within(total()).getByRole('link', { name: 'TOTAL' }));
      await waitFor(() => expect(total()).toHaveAttribute('aria-sort', 'descending'));
      await user.click(within(total()).getByRole('link', { name: 'TOTAL' }));
      await waitFor(() => expect(total()).toHaveAttribute('aria-sort', 'none'));
      expect(calls.map((call) => call.url)).toEqual([
        '/api/orders?pageNumber=1',
        '/api/orders?pageNumber=1&sort=totalPrice',
        '/api/orders?pageNumber=1&sort=totalPrice&direction=desc',
      ]);
      expect(within(table).queryByRole('link', { name: 'ORDER ID' })).not.toBeInTheDocument();
    });

    it('exports every order the view matches as the file the answer names, with the token', async () => {
      const user = userEvent.setup();
      const created: Blob[] = [];
      Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:orders'), revokeObjectURL: () => undefined });
      const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        expect(this.download).toBe('orders-2026-11-26.csv');
      });
      const { calls } = mockApi({
        'GET /api/orders': listOf([unpaid]),
        'GET /api/orders/export': { text: 'id,date\r\n', headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="orders-2026-11-26.csv"' } },
      });
      renderPage('/admin/orderList?paid=true&sort=totalPrice', { user: anAdmin });
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
      const exported = calls.find((call) => call.url.startsWith('/api/orders/export'));
      expect(exported?.url).toBe('/api/orders/export?sort=totalPrice&paid=true');
      expect(exported?.headers.get('Authorization')).toBe(`Bearer ${anAdmin.token}`);
      expect(created[0]?.size).toBe('id,date\r\n'.length);
    });

    it('shows why an export failed', async () => {
      const user = userEvent.setup();
      mockApi({ 'GET /api/orders': listOf([unpaid]), 'GET /api/orders/export': { status: 503, json: { message: 'The orders service is unavailable' } } });
      renderPage('/admin/orderList', { user: anAdmin });
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('The orders service is unavailable')).toBeInTheDocument();
    });
  });
});
