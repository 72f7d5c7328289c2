import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, anAdmin, mockApi } from '@shop/web-testing';
import { renderPage } from './testing/render-page.js';

describe('the admin area running alone', () => {
  it.each([
    ['/admin/userList', 'Users'],
    ['/admin/userlist/2', 'Users'],
    ['/admin/users/u2/edit', 'Edit User'],
    ['/admin/productList', 'Products'],
    ['/admin/productlist/2', 'Products'],
    ['/admin/product/p1/edit', 'Edit Product'],
    ['/admin/orderList', 'Orders'],
    ['/admin/orderlist/2', 'Orders'],
  ])('shows %s to an admin under the heading %s', (path, heading) => {
    mockApi({
      'GET /api/users': 'pending',
      'GET /api/users/u2': 'pending',
      'GET /api/products': 'pending',
      'GET /api/products/p1': 'pending',
      'GET /api/orders': 'pending',
    });
    renderPage(path, { user: anAdmin });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('says a page of another part of the shop is not here', () => {
    renderPage('/cart', { user: anAdmin });
    expect(screen.getByText('This page is not part of the admin area; open it in the shop.')).toBeInTheDocument();
  });
});

describe('the admin area running alone, signed out', () => {
  it('offers a sign-in at an address of another part of the shop, then the admin pages to an admin', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'POST /api/users/login': { json: anAdmin }, 'GET /api/users': 'pending' });
    renderPage('/login');
    expect(screen.getByText('This page is not part of the admin area; open it in the shop.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const pages = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(calls[0]?.body).toEqual({ email: 'admin@example.com', password: 'secret' });
    await user.click(within(pages).getByRole('link', { name: 'Users' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it('says so when the account is not an admin', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/users/login': { json: aCustomer } });
    renderPage('/login');
    await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('This account is not an admin.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the sign-in is refused", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/users/login': { status: 401, json: { message: 'Invalid email or password' } } });
    renderPage('/login');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });
});
