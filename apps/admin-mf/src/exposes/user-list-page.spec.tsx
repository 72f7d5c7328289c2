import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { UserDto } from '@shop/contracts';
import { aCustomer, anAdmin, aUser, listReply, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const john = aUser();
const admin = { _id: anAdmin._id, name: anAdmin.name, email: anAdmin.email, isAdmin: true };

/** An answer of GET /api/users: the page's users, the total and the pages in its headers (20 a page). */
function listOf(users: UserDto[], _page = 1, pages = users.length === 0 ? 0 : 1) {
  return listReply(users, { total: pages <= 1 ? users.length : pages * 20, pages });
}

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
    const { calls } = mockApi({ 'GET /api/users': listOf([john]) });
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
    mockApi({ 'GET /api/users': listOf([]) });
    renderPage('/admin/userList', { user: anAdmin });
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists ID, NAME, EMAIL (a mail link) and ADMIN (a tick or a cross) for every user, with the bearer token', async () => {
    const { calls } = mockApi({ 'GET /api/users': listOf([admin, john]) });
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
    mockApi({ 'GET /api/users': listOf([john]) });
    renderPage('/admin/userList', { user: anAdmin });
    const region = await screen.findByRole('region', { name: 'Users' });
    expect(within(region).getByRole('table')).toBeInTheDocument();
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('links Edit to the edit page of a customer, and disables both Edit and Delete for an admin', async () => {
    mockApi({ 'GET /api/users': listOf([admin, john]) });
    renderPage('/admin/userList', { user: anAdmin });
    expect(await screen.findByRole('link', { name: 'Edit John Doe' })).toHaveAttribute('href', '/admin/users/u2/edit');
    expect(screen.getByRole('button', { name: 'Delete John Doe' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Edit Admin User' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Admin User' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Admin User' })).toBeDisabled();
  });

  it("opens the edit page from the Edit link", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users': listOf([john]), 'GET /api/users/u2': 'pending' });
    renderPage('/admin/userList', { user: anAdmin });
    await user.click(await screen.findByRole('link', { name: 'Edit John Doe' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin/users/u2/edit');
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
  });

  it("asks 'Are you sure?' and deletes the user, who leaves the table", async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    let deleted = false;
    const { calls } = mockApi({
      'GET /api/users': () => listOf(deleted ? [admin] : [admin, john]),
      'DELETE /api/users/u2': () => {
        deleted = true;
        return { json: { _id: 'u2' } };
      },
    });
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
    const { calls } = mockApi({ 'GET /api/users': listOf([john]) });
    renderPage('/admin/userList', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: 'Delete John Doe' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('cell', { name: 'John Doe' })).toBeInTheDocument();
  });

  it("shows the server's message in a red alert when a delete fails, keeping the user", async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    mockApi({
      'GET /api/users': listOf([john]),
      'DELETE /api/users/u2': { status: 400, json: { message: 'Cannot delete this user' } },
    });
    renderPage('/admin/userList', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: 'Delete John Doe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot delete this user');
    expect(screen.getByRole('cell', { name: 'John Doe' })).toBeInTheDocument();
  });

  describe('page by page', () => {
    const users = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => aUser({ _id: `u${from + i}`, name: `User ${from + i}`, email: `user${from + i}@example.com` }));

    it('reads page 1 at /admin/userList, with no pagination when there is one page', async () => {
      const { calls } = mockApi({ 'GET /api/users': listOf([admin, john]) });
      renderPage('/admin/userList', { user: anAdmin });
      await screen.findByRole('table');
      expect(calls.map((call) => call.url)).toEqual(['/api/users?pageNumber=1']);
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    });

    it('shows the page of the address and links the pages to /admin/userlist/n', async () => {
      const { calls } = mockApi({ 'GET /api/users': listOf(users(21, 20), 2, 3) });
      renderPage('/admin/userlist/2', { user: anAdmin });
      expect(await screen.findByRole('cell', { name: 'User 21' })).toBeInTheDocument();
      const pagination = screen.getByRole('navigation', { name: 'Pagination' });
      expect(within(pagination).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
        '/admin/userlist/1',
        '/admin/userlist/2',
        '/admin/userlist/3',
      ]);
      expect(within(pagination).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
      expect(calls.map((call) => call.url)).toEqual(['/api/users?pageNumber=2']);
    });

    it('links the first, the last and the pages near the current one when there are hundreds', async () => {
      mockApi({ 'GET /api/users': listOf(users(4001, 20), 201, 500) });
      renderPage('/admin/userlist/201', { user: anAdmin });
      const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
      expect(within(pagination).getAllByRole('link').map((link) => link.textContent)).toEqual(['1', '199', '200', '201', '202', '203', '500']);
    });

    it('moves to another page with its link', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({
        'GET /api/users': (call) => (call.url.endsWith('pageNumber=3') ? listOf(users(41, 5), 3, 3) : listOf(users(1, 20), 1, 3)),
      });
      renderPage('/admin/userList', { user: anAdmin });
      await screen.findByRole('cell', { name: 'User 1' });
      await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: '3' }));
      expect(await screen.findByRole('cell', { name: 'User 45' })).toBeInTheDocument();
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/userlist\/3$/);
      expect(calls.map((call) => call.url)).toEqual(['/api/users?pageNumber=1', '/api/users?pageNumber=3']);
    });

    it('reads the current page again after a delete, the next user moving up into it', async () => {
      const user = userEvent.setup();
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      let deleted = false;
      const { calls } = mockApi({
        'GET /api/users': () => (deleted ? listOf([...users(21, 3), ...users(25, 18)], 2, 3) : listOf(users(21, 20), 2, 3)),
        'DELETE /api/users/u24': () => {
          deleted = true;
          return { json: { _id: 'u24' } };
        },
      });
      renderPage('/admin/userlist/2', { user: anAdmin });
      await user.click(await screen.findByRole('button', { name: 'Delete User 24' }));
      expect(await screen.findByRole('cell', { name: 'User 41' })).toBeInTheDocument();
      expect(screen.queryByRole('cell', { name: 'User 24' })).not.toBeInTheDocument();
      expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
        'GET /api/users?pageNumber=2',
        'DELETE /api/users/u24',
        'GET /api/users?pageNumber=2',
      ]);
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/userlist\/2$/);
    });

    it('goes to the last page left when the last user of a page is deleted', async () => {
      const user = userEvent.setup();
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      let deleted = false;
      mockApi({
        'GET /api/users': (call) =>
          call.url.endsWith('pageNumber=2') ? listOf(deleted ? [] : [john], 2, deleted ? 1 : 2) : listOf([admin], 1, deleted ? 1 : 2),
        'DELETE /api/users/u2': () => {
          deleted = true;
          return { json: { _id: 'u2' } };
        },
      });
      renderPage('/admin/userlist/2', { user: anAdmin });
      await user.click(await screen.findByRole('button', { name: 'Delete John Doe' }));
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/userlist\/1$/));
      expect(await screen.findByRole('cell', { name: 'Admin User' })).toBeInTheDocument();
      expect(screen.queryByText('No users found.')).not.toBeInTheDocument();
    });

    it('shows the last page for an address past it, and page 1 for an address that is no page number', async () => {
      mockApi({ 'GET /api/users': (call) => (call.url.endsWith('pageNumber=9') ? listOf([], 9, 2) : listOf([john], 2, 2)) });
      renderPage('/admin/userlist/9', { user: anAdmin });
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/userlist\/2$/));
      expect(await screen.findByRole('cell', { name: 'John Doe' })).toBeInTheDocument();
    });

    it.each(['abc', '-1', '1.5', '0'])('reads page 1 at /admin/userlist/%s', async (pageNumber) => {
      const { calls } = mockApi({ 'GET /api/users': listOf([john]) });
      renderPage(`/admin/userlist/${pageNumber}`, { user: anAdmin });
      await screen.findByRole('cell', { name: 'John Doe' });
      expect(calls.map((call) => call.url)).toEqual(['/api/users?pageNumber=1']);
    });
  });

  describe('search, sort and export', () => {
    it('searches by name or email and sorts by a column, both in the address and kept by the pagination', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({ 'GET /api/users': listOf([john], 1, 2) });
      renderPage('/admin/userList', { user: anAdmin });
      await screen.findByRole('table');
      await user.type(screen.getByRole('searchbox', { name: 'Search users by name or email' }), 'doe{Enter}');
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/userlist\/1\?search=doe$/));
      await user.click(within(screen.getByRole('columnheader', { name: 'EMAIL' })).getByRole('link'));
      await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/users?pageNumber=1&search=doe&sort=email'));
      expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: '2' })).toHaveAttribute('href', '/admin/userlist/2?search=doe&sort=email');
      expect(screen.getByRole('columnheader', { name: 'EMAIL' })).toHaveAttribute('aria-sort', 'ascending');
      expect(screen.getByText('40 users')).toBeInTheDocument();
    });

    it('shows the search of the address in its box, and clears it with an empty search', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({ 'GET /api/users': listOf([john]) });
      renderPage('/admin/userlist/3?search=doe', { user: anAdmin });
      const box = await screen.findByRole('searchbox', { name: 'Search users by name or email' });
      expect(box).toHaveValue('doe');
      await user.clear(box);
      await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/userlist\/1$/));
      expect(calls.at(-1)?.url).toBe('/api/users?pageNumber=1');
    });

    it('exports the users the search matches', async () => {
      const user = userEvent.setup();
      Object.assign(URL, { createObjectURL: () => 'blob:users', revokeObjectURL: () => undefined });
      const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const { calls } = mockApi({
        'GET /api/users': listOf([john]),
        'GET /api/users/export': { text: 'id\r\n', headers: { 'Content-Disposition': 'attachment; filename="users-2026-11-26.csv"' } },
      });
      renderPage('/admin/userList?search=doe', { user: anAdmin });
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
      expect(calls.at(-1)?.url).toBe('/api/users/export?search=doe');
    });
  });
});
