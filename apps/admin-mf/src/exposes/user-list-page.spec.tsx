import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, anAdmin, aUser, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const john = aUser();
const admin = { _id: anAdmin._id, name: anAdmin.name, email: anAdmin.email, isAdmin: true };

afterEach(() => {
  jest.restoreAllMocks();
});

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('UserListPage', () => {
  it.each([
    ['a guest', undefined],
    ['a customer', aCustomer],
  ])('sends %s to / without asking for the users', (_, user) => {
    const { calls } = mockApi({ 'GET /api/users': { json: [john] } });
    renderPage('/admin/userList', { user });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows a spinner under 'Users' while the list loads", () => {
    mockApi({ 'GET /api/users': 'pending' });
    renderPage('/admin/userList', { user: anAdmin });
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(document.title).toBe('Users | ProShop');
  });

  it("shows the server's message in a red alert when the list cannot be read", async () => {
    mockApi({ 'GET /api/users': { status: 500, json: { message: 'Users are unavailable' } } });
    renderPage('/admin/userList', { user: anAdmin });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Users are unavailable');
  });

  it('says there are no users when the list is empty', async () => {
    mockApi({ 'GET /api/users': { json: [] } });
    renderPage('/admin/userList', { user: anAdmin });
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists ID, NAME, EMAIL (a mail link) and ADMIN (a tick or a cross) for every user, with the bearer token', async () => {
    const { calls } = mockApi({ 'GET /api/users': { json: [admin, john] } });
    renderPage('/admin/userList', { user: anAdmin });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'NAME',
      'EMAIL',
      'ADMIN',
      'Actions',
    ]);
    expect(within(rowOf('John Doe')).getByRole('rowheader')).toHaveTextContent('u2');
    expect(within(rowOf('John Doe')).getByRole('link', { name: 'john@example.com' })).toHaveAttribute(
      'href',
      'mailto:john@example.com',
    );
    expect(within(rowOf('John Doe')).getByText('No')).toBeInTheDocument();
    expect(within(rowOf('John Doe')).getByText('✗')).toHaveAttribute('aria-hidden', 'true');
    expect(within(rowOf('Admin User')).getByText('Yes')).toBeInTheDocument();
    expect(within(rowOf('Admin User')).getByText('✓')).toHaveAttribute('aria-hidden', 'true');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-of-admin');
  });

  it('scrolls the table sideways in its own named region on a narrow screen', async () => {
    mockApi({ 'GET /api/users': { json: [john] } });
    renderPage('/admin/userList', { user: anAdmin });
    const region = await screen.findByRole('region', { name: 'Users' });
    expect(within(region).getByRole('table')).toBeInTheDocument();
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('links Edit to the edit page of a customer, and disables both Edit and Delete for an admin', async () => {
    mockApi({ 'GET /api/users': { json: [admin, john] } });
    renderPage('/admin/userList', { user: anAdmin });
    expect(await screen.findByRole('link', { name: 'Edit John Doe' })).toHaveAttribute('href', '/admin/users/u2/edit');
    expect(screen.getByRole('button', { name: 'Delete John Doe' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Edit Admin User' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Admin User' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Admin User' })).toBeDisabled();
  });

  it("opens the edit page from the Edit link", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users': { json: [john] }, 'GET /api/users/u2': 'pending' });
    renderPage('/admin/userList', { user: anAdmin });
    await user.click(await screen.findByRole('link', { name: 'Edit John Doe' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin/users/u2/edit');
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
  });

  it("asks 'Are you sure?' and deletes the user, who leaves the table", async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = mockApi({ 'GET /api/users': { json: [admin, john] }, 'DELETE /api/users/u2': { json: { _id: 'u2' } } });
    renderPage('/admin/userList', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: 'Delete John Doe' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure?');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'John Doe' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/users/u2']);
    expect(screen.getByRole('cell', { name: 'Admin User' })).toBeInTheDocument();
  });

  it('deletes nothing when the admin answers no', async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { calls } = mockApi({ 'GET /api/users': { json: [john] } });
    renderPage('/admin/userList', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: 'Delete John Doe' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('cell', { name: 'John Doe' })).toBeInTheDocument();
  });

  it("shows the server's message in a red alert when a delete fails, keeping the user", async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    mockApi({
      'GET /api/users': { json: [john] },
      'DELETE /api/users/u2': { status: 400, json: { message: 'Cannot delete this user' } },
    });
    renderPage('/admin/userList', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: 'Delete John Doe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot delete this user');
    expect(screen.getByRole('cell', { name: 'John Doe' })).toBeInTheDocument();
  });
});
