import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, anAdmin, aProduct, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const airpods = aProduct();
const phone = aProduct({ _id: 'p2', name: 'iPhone 11 Pro 256GB Memory', price: 599.5, category: 'Phones', brand: 'Apple' });

function listOf(products = [airpods, phone], page = 1, pages = 1) {
  return { json: { products, page, pages } };
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('ProductListPage', () => {
  it.each([
    ['a guest', undefined],
    ['a customer', aCustomer],
  ])('sends %s to /login without asking for the products', (_, user) => {
    const { calls } = mockApi({ 'GET /api/products': listOf() });
    renderPage('/admin/productList', { user });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/login$/);
    expect(calls).toHaveLength(0);
  });

  it("shows a spinner under 'Products' while the list loads", () => {
    mockApi({ 'GET /api/products': 'pending' });
    renderPage('/admin/productList', { user: anAdmin });
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
    expect(document.title).toBe('Products | ProShop');
  });

  it("shows the server's message in a red alert when the list fails", async () => {
    mockApi({ 'GET /api/products': { status: 400, json: { message: 'Invalid page number' } } });
    renderPage('/admin/productlist/9', { user: anAdmin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid page number');
  });

  it("warns 'No products to show...' when there are none", async () => {
    mockApi({ 'GET /api/products': listOf([]) });
    renderPage('/admin/productList', { user: anAdmin });
    expect(await screen.findByText('No products to show...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists ID, NAME, PRICE (dollars, 2 decimals), CATEGORY and BRAND with edit links', async () => {
    const { calls } = mockApi({ 'GET /api/products': listOf() });
    renderPage('/admin/productList', { user: anAdmin });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'NAME',
      'PRICE',
      'CATEGORY',
      'BRAND',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent))).toEqual([
      [airpods.name, '$89.99', 'Electronics', 'Apple'],
      [phone.name, '$599.50', 'Phones', 'Apple'],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('p1');
    expect(screen.getByRole('link', { name: `Edit ${phone.name}` })).toHaveAttribute('href', '/admin/product/p2/edit');
    expect(screen.getByRole('region', { name: 'Products' })).toContainElement(table);
    expect(calls[0]?.url).toBe('/api/products?pageNumber=1');
  });

  it('shows the page of the address and links every page to /admin/productlist/n when there are several', async () => {
    const { calls } = mockApi({ 'GET /api/products': listOf([phone], 2, 3) });
    renderPage('/admin/productlist/2', { user: anAdmin });
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/admin/productlist/1',
      '/admin/productlist/2',
      '/admin/productlist/3',
    ]);
    expect(within(pagination).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(calls[0]?.url).toBe('/api/products?pageNumber=2');
  });

  it('has no pagination on a single page', async () => {
    mockApi({ 'GET /api/products': listOf() });
    renderPage('/admin/productList', { user: anAdmin });
    await screen.findByRole('table');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it("creates a product with 'Create Product' and opens its edit page", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/products': listOf(),
      'POST /api/products': { status: 201, json: aProduct({ _id: 'new1', name: 'Sample name' }) },
      'GET /api/products/new1': 'pending',
    });
    renderPage('/admin/productList', { user: anAdmin });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin/product/new1/edit'));
    expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({});
    expect(post?.headers.get('Authorization')).toBe('Bearer token-of-admin');
  });

  it("disables 'Create Product' with a spinner while the product is being created", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /api/products': listOf(), 'POST /api/products': 'pending' });
    renderPage('/admin/productList', { user: anAdmin });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByRole('status', { name: 'Creating product...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("shows the server's message in a red alert when a product cannot be created", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/products': listOf(),
      'POST /api/products': { status: 403, json: { message: 'Not authorized as an admin' } },
    });
    renderPage('/admin/productList', { user: anAdmin });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not authorized as an admin');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin/productList');
  });

  it("asks 'Are you sure?' and deletes the product, then shows the list without it", async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    let deleted = false;
    const { calls } = mockApi({
      'GET /api/products': () => listOf(deleted ? [airpods] : [airpods, phone]),
      'DELETE /api/products/delete/p2': () => {
        deleted = true;
        return { json: { message: 'Product removed' } };
      },
    });
    renderPage('/admin/productList', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: `Delete ${phone.name}` }));

    expect(confirm).toHaveBeenCalledWith('Are you sure?');
    await waitFor(() => expect(screen.queryByRole('cell', { name: phone.name })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/products/delete/p2']);
    expect(screen.getByRole('cell', { name: airpods.name })).toBeInTheDocument();
  });

  it('goes to the last page left when the last product of a page is deleted', async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    let deleted = false;
    mockApi({
      'GET /api/products': (call) =>
        call.url.endsWith('pageNumber=2') ? listOf(deleted ? [] : [phone], 2, deleted ? 1 : 2) : listOf([airpods], 1, deleted ? 1 : 2),
      'DELETE /api/products/delete/p2': () => {
        deleted = true;
        return { json: { message: 'Product removed' } };
      },
    });
    renderPage('/admin/productlist/2', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: `Delete ${phone.name}` }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/productlist\/1$/));
    expect(await screen.findByRole('cell', { name: airpods.name })).toBeInTheDocument();
    expect(screen.queryByText('No products to show...')).not.toBeInTheDocument();
  });

  it('shows the last page for an address past it', async () => {
    mockApi({
      'GET /api/products': (call) => (call.url.endsWith('pageNumber=9') ? listOf([], 9, 3) : listOf([phone], 3, 3)),
    });
    renderPage('/admin/productlist/9', { user: anAdmin });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/productlist\/3$/));
    expect(await screen.findByRole('cell', { name: phone.name })).toBeInTheDocument();
  });

  it('deletes nothing when the admin answers no', async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { calls } = mockApi({ 'GET /api/products': listOf() });
    renderPage('/admin/productList', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: `Delete ${phone.name}` }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it("shows the server's message in a red alert when a delete fails", async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    mockApi({
      'GET /api/products': listOf(),
      'DELETE /api/products/delete/p2': { status: 404, json: { message: 'Product not found' } },
    });
    renderPage('/admin/productList', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: `Delete ${phone.name}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    expect(screen.getByRole('cell', { name: phone.name })).toBeInTheDocument();
  });
});
