import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { aCustomer, anAdmin, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const days = Array.from({ length: 30 }, (_, k) => {
  const date = new Date(Date.UTC(2026, 9, 28 + k)).toISOString().slice(0, 10);
  return { date, orders: k === 29 ? 2 : k === 0 ? 1 : 0, sales: k === 29 ? 150.5 : k === 0 ? 20 : 0 };
});

const figures = {
  days,
  byState: [
    { state: 'awaiting-stock', count: 1 },
    { state: 'awaiting-payment', count: 2 },
    { state: 'paid', count: 3 },
    { state: 'delivered', count: 4 },
    { state: 'cancelled', count: 5 },
    { state: 'refunded', count: 6 },
  ],
  topProducts: [
    { productId: 'p1', name: 'Airpods', quantity: 7, sales: 629.93 },
    { productId: 'p2', name: 'Camera', quantity: 2, sales: 1859.98 },
  ],
  generatedAt: '2026-11-26T12:00:00.000Z',
};

const lowStock = { threshold: 5, products: [{ _id: 'p3', name: 'Mouse', countInStock: 0 }, { _id: 'p4', name: 'Phone', countInStock: 3 }] };

/** The figure whose caption is `caption`. */
function figure(caption: string): HTMLElement {
  return screen.getByRole('figure', { name: caption });
}

/** The rows of a figure's numbers table, each as its cells' texts (the row header first). */
function rowsOf(caption: string): string[][] {
  return within(within(figure(caption)).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

beforeEach(() => {
  // jsdom has no canvas: the charts are not drawn, their tables are what these tests read.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('DashboardPage', () => {
  it.each([
    ['a guest', undefined],
    ['a customer', aCustomer],
  ])('sends %s to /login without asking for any figures', (_, user) => {
    const { calls } = mockApi({ 'GET /api/orders/dashboard': { json: figures }, 'GET /api/products/low-stock': { json: lowStock } });
    renderPage('/admin/dashboard', { user });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/login$/);
    expect(calls).toHaveLength(0);
  });

  it("shows 'Dashboard' and a spinner in each chart while the figures load", () => {
    mockApi({ 'GET /api/orders/dashboard': 'pending', 'GET /api/products/low-stock': 'pending' });
    renderPage('/admin/dashboard', { user: anAdmin });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByRole('status', { name: 'Loading...' })).toHaveLength(4);
    expect(document.title).toBe('Dashboard | ProShop');
  });

  it('shows four charts, each a figure with its caption, a canvas named by a summary, and its numbers as a table', async () => {
    const { calls } = mockApi({ 'GET /api/orders/dashboard': { json: figures }, 'GET /api/products/low-stock': { json: lowStock } });
    renderPage('/admin/dashboard', { user: anAdmin });
    await screen.findAllByRole('table');
    expect(screen.getAllByRole('figure').map((element) => within(element).getByText(/./, { selector: 'figcaption' }).textContent)).toEqual([
      'Sales per day (last 30 days)',
      'Orders by state',
      'Top products (last 30 days)',
      'Low stock',
    ]);
    expect(within(figure('Sales per day (last 30 days)')).getByRole('img')).toHaveAccessibleName('Sales of the last 30 days: $170.50 in 3 paid orders');
    expect(within(figure('Low stock')).getByRole('img')).toHaveAccessibleName('Products with 5 or fewer in stock: Mouse, 0 left; Phone, 3 left');
    expect(calls.map((call) => call.url).sort()).toEqual(['/api/orders/dashboard', '/api/products/low-stock?limit=10']);
  });

  it('puts every number of each chart in its table', async () => {
    mockApi({ 'GET /api/orders/dashboard': { json: figures }, 'GET /api/products/low-stock': { json: lowStock } });
    renderPage('/admin/dashboard', { user: anAdmin });
    await screen.findAllByRole('table');
    const sales = rowsOf('Sales per day (last 30 days)');
    expect(sales).toHaveLength(30);
    expect(sales[0]).toEqual(['2026-10-28', '1', '$20.00']);
    expect(sales[1]).toEqual(['2026-10-29', '0', '$0.00']);
    expect(sales[29]).toEqual(['2026-11-26', '2', '$150.50']);
    expect(rowsOf('Orders by state')).toEqual([
      ['Awaiting stock', '1'],
      ['Awaiting payment', '2'],
      ['Paid, not delivered', '3'],
      ['Delivered', '4'],
      ['Cancelled', '5'],
      ['Refunded', '6'],
    ]);
    expect(rowsOf('Top products (last 30 days)')).toEqual([
      ['Airpods', '7', '$629.93'],
      ['Camera', '2', '$1859.98'],
    ]);
    expect(rowsOf('Low stock')).toEqual([
      ['Mouse', '0'],
      ['Phone', '3'],
    ]);
    expect(screen.getByText(/counted on the day \(UTC\) they were paid/)).toBeInTheDocument();
  });

  it("shows the catalog's message in the low-stock chart when it cannot be read, and the other charts still", async () => {
    mockApi({
      'GET /api/orders/dashboard': { json: figures },
      'GET /api/products/low-stock': { status: 503, json: { message: 'The catalog is not answering' } },
    });
    renderPage('/admin/dashboard', { user: anAdmin });
    // A server error is retried once (a second later) before it shows.
    expect(await within(figure('Low stock')).findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('The catalog is not answering');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(rowsOf('Top products (last 30 days)')).toHaveLength(2);
    expect(rowsOf('Orders by state')).toHaveLength(6);
  });

  it("shows the orders service's message in its three charts when it cannot be read, and low stock still", async () => {
    mockApi({
      'GET /api/orders/dashboard': { status: 500, json: { message: 'Orders are resting' } },
      'GET /api/products/low-stock': { json: lowStock },
    });
    renderPage('/admin/dashboard', { user: anAdmin });
    expect(await within(figure('Low stock')).findByRole('table')).toBeInTheDocument();
    const alerts = await screen.findAllByRole('alert', {}, { timeout: 3000 });
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Orders are resting', 'Orders are resting', 'Orders are resting']);
  });

  it('says so when nothing sold and nothing runs out', async () => {
    mockApi({
      'GET /api/orders/dashboard': { json: { ...figures, topProducts: [] } },
      'GET /api/products/low-stock': { json: { threshold: 5, products: [] } },
    });
    renderPage('/admin/dashboard', { user: anAdmin });
    expect(await within(figure('Top products (last 30 days)')).findByText('No sales in the last 30 days.')).toBeInTheDocument();
    expect(within(figure('Low stock')).getByText('No product has 5 or fewer in stock.')).toBeInTheDocument();
  });
});
