import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, anOrder, aProfile, mockApi } from '@shop/web-testing';
import { orderListDate } from '@shop/ui';
import { renderPage } from '../testing/render-page.js';

const address = () => screen.getByRole('status', { name: 'Address' });

describe('ProfilePage', () => {
  it('sends guests to /login?redirect=profile', () => {
    mockApi({});
    renderPage('/profile');
    expect(address()).toHaveTextContent('/login?redirect=profile');
  });

  it('shows a spinner while the profile loads', () => {
    mockApi({ 'GET /api/users/profile': 'pending' });
    renderPage('/profile', { user: aCustomer });
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(document.title).toBe('Profile | ProShop');
  });

  it("shows the server's message when the profile cannot be read", async () => {
    mockApi({ 'GET /api/users/profile': { status: 500, json: { message: 'Users are down' } } });
    renderPage('/profile', { user: aCustomer });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Users are down');
  });

  it("prefills the form and says 'No orders found.' under 'My Orders' when there are none", async () => {
    mockApi({ 'GET /api/users/profile': { json: aProfile() } });
    renderPage('/profile', { user: aCustomer });
    expect(await screen.findByLabelText('Name')).toHaveValue('Jane Doe');
    expect(screen.getByLabelText('Email Address')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByText('No orders found.')).toBeInTheDocument();
  });

  it("says the orders can't be shown when the profile came without them", async () => {
    mockApi({ 'GET /api/users/profile': { json: aProfile({ ordersUnavailable: true }) } });
    renderPage('/profile', { user: aCustomer });
    expect(await screen.findByText("Your orders can't be shown right now.")).toBeInTheDocument();
    expect(screen.queryByText('No orders found.')).not.toBeInTheDocument();
  });

  it('lists the orders with ID, DATE (dd/mm/yyyy 12-hour), TOTAL, PAID, DELIVERED and a Details link', async () => {
    const unpaid = anOrder();
    const paid = anOrder({ _id: 'o2', isPaid: true, paidAt: '2026-11-21T15:05:00.000Z', totalPrice: 50.5 });
    mockApi({ 'GET /api/users/profile': { json: aProfile({ orderList: [unpaid, paid] }) } });
    renderPage('/profile', { user: aCustomer });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'ID',
      'DATE',
      'TOTAL',
      'PAID',
      'DELIVERED',
      'Details',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(first!)).toEqual(['o1', orderListDate(unpaid.createdAt), '$197.98', '✗No', '✗No', 'Details']);
    expect(cells(second!)).toEqual(['o2', orderListDate(unpaid.createdAt), '$50.50', orderListDate(paid.paidAt!), '✗No', 'Details']);
    expect(orderListDate(unpaid.createdAt)).toMatch(/^\d\d\/\d\d\/2026 \d{1,2}:\d\d (AM|PM)$/);
    expect(within(first!).getByRole('link', { name: 'Details of order o1' })).toHaveAttribute('href', '/order/o1');
  });

  it("updates name and email without a password, and says 'Profile Updated!'", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/users/profile': { json: aProfile() },
      'PUT /api/users/profile': { json: { ...aCustomer, name: 'Jane Smith', token: 'new-token' } },
    });
    const { store } = renderPage('/profile', { user: aCustomer });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Jane Smith');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Updated!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Jane Smith', email: 'jane@example.com' });
    expect(store.getState().userInfo?.token).toBe('new-token');
  });

  it('sends a new password when filled and confirmed, with the current password, then empties all three fields', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/users/profile': { json: aProfile() },
      'PUT /api/users/profile': { json: aCustomer },
    });
    renderPage('/profile', { user: aCustomer });
    await user.type(await screen.findByLabelText('Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret');
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Updated!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      password: 'new-secret',
      currentPassword: 'old-secret',
    });
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("requires the 'Current password' only when the email or the password changes", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users/profile': { json: aProfile() } });
    renderPage('/profile', { user: aCustomer });
    const current = await screen.findByLabelText('Current password');
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(current).not.toBeRequired();

    await user.type(screen.getByLabelText('Name'), ' Smith');
    expect(current).not.toBeRequired();
    const email = screen.getByLabelText('Email Address');
    await user.clear(email);
    await user.type(email, 'JANE@example.com');
    expect(current).not.toBeRequired();
    await user.type(email, '.uk');
    expect(current).toBeRequired();
    await user.clear(email);
    await user.type(email, 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(current).toBeRequired();
  });

  it("sends the current password with a new email, and shows the server's message when it is wrong", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/users/profile': { json: aProfile() },
      'PUT /api/users/profile': { status: 400, json: { message: 'Current password is incorrect' } },
    });
    const { store } = renderPage('/profile', { user: aCustomer });
    const email = await screen.findByLabelText('Email Address');
    await user.clear(email);
    await user.type(email, 'jane@example.org');
    await user.type(screen.getByLabelText('Current password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Jane Doe', email: 'jane@example.org', currentPassword: 'guess' });
    expect(store.getState().userInfo).toEqual(aCustomer);
  });

  it("says 'Password do not match' and sends nothing when the passwords differ", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /api/users/profile': { json: aProfile() } });
    renderPage('/profile', { user: aCustomer });
    await user.type(await screen.findByLabelText('Password'), 'one');
    await user.type(screen.getByLabelText('Confirm Password'), 'two');
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password do not match');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(screen.queryByText('Profile Updated!')).not.toBeInTheDocument();
  });

  it("shows the server's message when the update is refused", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/profile': { json: aProfile() },
      'PUT /api/users/profile': { status: 400, json: { message: 'Email already in use' } },
    });
    renderPage('/profile', { user: aCustomer });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already in use');
  });
});
