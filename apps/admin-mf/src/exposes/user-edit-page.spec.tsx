import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, anAdmin, aUser, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const john = aUser();

describe('UserEditPage', () => {
  it.each([
    ['a guest', undefined],
    ['a customer', aCustomer],
  ])('sends %s to / without asking for the user', (_, user) => {
    const { calls } = mockApi({ 'GET /api/users/u2': { json: john } });
    renderPage('/admin/users/u2/edit', { user });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/$/);
    expect(calls).toHaveLength(0);
  });

  it("shows 'Edit User' with a spinner while the user loads, and Go Back to the users", () => {
    mockApi({ 'GET /api/users/u2': 'pending' });
    renderPage('/admin/users/u2/edit', { user: anAdmin });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit User' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/admin/userList');
    expect(document.title).toBe('Edit User | ProShop');
  });

  it("shows the server's message in a red alert when the user cannot be read", async () => {
    mockApi({ 'GET /api/users/nope': { status: 404, json: { message: 'User not found' } } });
    renderPage('/admin/users/nope/edit', { user: anAdmin });
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
    expect(screen.queryByRole('button', { name: 'Update User' })).not.toBeInTheDocument();
  });

  it("fills Name, Email and 'Is Admin?' with the user's values", async () => {
    mockApi({ 'GET /api/users/u2': { json: aUser({ isAdmin: true }) } });
    renderPage('/admin/users/u2/edit', { user: anAdmin });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('John Doe');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('john@example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('checkbox', { name: 'Is Admin?' })).toBeChecked();
  });

  it("sends the changes with 'Update User' and goes back to the users table", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/users/u2': { json: john },
      'PUT /api/users/u2': (call) => ({ json: { ...(call.body as object), _id: 'u2' } }),
      'GET /api/users': 'pending',
    });
    renderPage('/admin/users/u2/edit', { user: anAdmin });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'John Smith');
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'smith@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Is Admin?' }));
    await user.click(screen.getByRole('button', { name: 'Update User' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin/userList'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ _id: 'u2', name: 'John Smith', email: 'smith@example.com', isAdmin: true });
    expect(put?.headers.get('Authorization')).toBe('Bearer token-of-admin');
  });

  it("shows the server's message in a red alert when the update is refused, staying on the form", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/u2': { json: john },
      'PUT /api/users/u2': { status: 400, json: { message: 'Email already in use' } },
    });
    renderPage('/admin/users/u2/edit', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: 'Update User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already in use');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin/users/u2/edit');
  });
});
