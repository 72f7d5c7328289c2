import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import type { UserInfoDto } from '@shop/contracts';
import type { FakeReply } from '../test-support/fake-fetch.js';
import { renderWithClient } from '../test-support/render-with-client.js';
import { shopKeys } from './query-keys.js';
import { useDeleteUser, useLogin, useLogout, useProfile, useUpdateProfile, useUsers } from './users.js';

const ann: UserInfoDto = { _id: 'u1', name: 'Ann', email: 'ann@example.com', isAdmin: false, token: 'old-token' };
const profile = { _id: 'u1', name: 'Ann', email: 'ann@example.com', isAdmin: false, orderList: [] };

describe('useLogin', () => {
  it('keeps the signed-in user in the store, keeping the guest cart', async () => {
    const { result, store, calls } = renderWithClient(useLogin, { 'POST /api/users/login': { json: ann } });
    act(() => store.addToCart({ product: 'p1', name: 'Phone', image: '/p.jpg', price: 1, countInStock: 1, quantity: 1 }));

    act(() => result.current.mutate({ email: 'ann@example.com', password: 'secret' }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(store.getState().userInfo).toEqual(ann);
    expect(store.getState().cartItems).toHaveLength(1);
    expect(calls[0].body).toEqual({ email: 'ann@example.com', password: 'secret' });
  });

  it('clears the previous user when the request starts and keeps the error on failure', async () => {
    const { result, store } = renderWithClient(useLogin, {
      'POST /api/users/login': { status: 401, json: { message: 'Invalid email or password' } },
    });
    act(() => store.signIn(ann));

    act(() => result.current.mutate({ email: 'ann@example.com', password: 'wrong' }));

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Invalid email or password');
    expect(store.getState().userInfo).toBeNull();
  });
});

describe('useUpdateProfile', () => {
  it('refreshes the stored user info with the new token', async () => {
    const updated = { ...ann, name: 'Ann B', token: 'new-token' };
    const { result, store, calls } = renderWithClient(useUpdateProfile, { 'PUT /api/users/profile': { json: updated } });
    act(() => store.signIn(ann));

    act(() => result.current.mutate({ name: 'Ann B', email: 'ann@example.com', password: '' }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls[0].headers.get('Authorization')).toBe('Bearer old-token');
    expect(store.getState().userInfo).toEqual(updated);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').token).toBe('new-token');
  });
});

describe('useUpdateProfile with a new password', () => {
  it('sends the current password with it, and leaves out empty ones', async () => {
    const { result, store, calls } = renderWithClient(useUpdateProfile, { 'PUT /api/users/profile': { json: ann } });
    act(() => store.signIn(ann));

    act(() => result.current.mutate({ name: 'Ann', email: 'ann@example.com', password: 'new-secret-1', currentPassword: 'old-secret-1' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.mutate({ name: 'Ann', email: 'ann@example.com', password: '', currentPassword: '' }));
    await waitFor(() => expect(calls).toHaveLength(2));

    expect(calls.map((call) => call.body)).toEqual([
      { name: 'Ann', email: 'ann@example.com', password: 'new-secret-1', currentPassword: 'old-secret-1' },
      { name: 'Ann', email: 'ann@example.com' },
    ]);
  });
});

describe('useLogout', () => {
  it('ends the session on the server with the token, then clears the user and cart here', async () => {
    const { result, store, calls } = renderWithClient(useLogout, { 'POST /api/users/logout': { status: 204 } });
    act(() => store.signIn(ann));
    act(() => store.addToCart({ product: 'p1', name: 'Phone', image: '/p.jpg', price: 1, countInStock: 1, quantity: 1 }));

    await act(() => result.current());

    expect(calls.map((call) => [call.method, call.url, call.headers.get('Authorization')])).toEqual([['POST', '/api/users/logout', 'Bearer old-token']]);
    expect(store.getState().userInfo).toBeNull();
    expect(store.getState().cartItems).toEqual([]);
  });

  it('clears the local session even when the server cannot be reached or has ended it already', async () => {
    for (const reply of [{ status: 503, json: { message: 'Service unavailable' } }, { status: 401, json: { message: 'Not authorized, session ended' } }]) {
      const { result, store } = renderWithClient(useLogout, { 'POST /api/users/logout': reply });
      act(() => store.signIn(ann));

      await act(() => result.current());

      expect(store.getState().userInfo).toBeNull();
    }
  });
});

describe('useProfile', () => {
  it('waits while signed out and loads once signed in', async () => {
    const { result, store, calls } = renderWithClient(useProfile, { 'GET /api/users/profile': { json: profile } });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);

    act(() => store.signIn(ann));

    await waitFor(() => expect(result.current.data).toEqual(profile));
  });

  it('signs out and drops the cached profile when the token is refused', async () => {
    const { store, queryClient } = renderWithClient(useProfile, {
      'GET /api/users/profile': { status: 401, json: { message: 'Not authorized, token failed' } },
    });
    act(() => store.signIn(ann));

    await waitFor(() => expect(store.getState().userInfo).toBeNull());
    expect(queryClient.getQueryData(shopKeys.users.profile())).toBeUndefined();
  });
});

describe('useUsers', () => {
  it('reads the page it is asked for, each page its own query', async () => {
    const { result, store, calls, queryClient } = renderWithClient(() => useUsers({ pageNumber: 2 }), {
      'GET /api/users': { json: { users: [ann], page: 2, pages: 3 } },
    });
    act(() => store.signIn({ ...ann, isAdmin: true }));
    await waitFor(() => expect(result.current.data).toEqual({ users: [ann], page: 2, pages: 3 }));
    expect(calls.map((call) => call.url)).toEqual(['/api/users?pageNumber=2']);
    expect(queryClient.getQueryData(shopKeys.users.list({ pageNumber: 2 }))).toEqual({ users: [ann], page: 2, pages: 3 });
    expect(queryClient.getQueryData(shopKeys.users.list({ pageNumber: 1 }))).toBeUndefined();
  });
});

describe('useDeleteUser', () => {
  const bob = { _id: 'u2', name: 'Bob', email: 'bob@example.com', isAdmin: false };
  const cy = { _id: 'u3', name: 'Cy', email: 'cy@example.com', isAdmin: false };

  /** Page 1 of two users a page, answered by `afterDelete` once Bob is deleted. */
  function renderPageOne(afterDelete: FakeReply) {
    let deleted = false;
    const rendered = renderWithClient(() => ({ users: useUsers({ pageNumber: 1 }), remove: useDeleteUser() }), {
      'GET /api/users': () => (deleted ? afterDelete : { json: { users: [ann, bob], page: 1, pages: 2 } }),
      'DELETE /api/users/u2': () => {
        deleted = true;
        return { json: { _id: 'u2' } };
      },
    });
    act(() => rendered.store.signIn({ ...ann, isAdmin: true }));
    return rendered;
  }

  it('removes the deleted user from the cached page by id, whatever the page read next answers', async () => {
    const { result } = renderPageOne({ status: 500, json: { message: 'Users are unavailable' } });
    await waitFor(() => expect(result.current.users.data?.users).toHaveLength(2));

    await act(() => result.current.remove.mutateAsync('u2'));

    // The query cache tells its observers on its next tick, not within the mutation's promise.
    await waitFor(() => expect(result.current.users.data?.users.map((user) => user._id)).toEqual(['u1']));
    expect(result.current.remove.isSuccess).toBe(true);
  });

  it('reads the page on screen again, so the next user moves up into it', async () => {
    const { result, calls } = renderPageOne({ json: { users: [ann, cy], page: 1, pages: 1 } });
    await waitFor(() => expect(result.current.users.data?.users).toHaveLength(2));

    await act(() => result.current.remove.mutateAsync('u2'));

    await waitFor(() => expect(result.current.users.data).toEqual({ users: [ann, cy], page: 1, pages: 1 }));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/users?pageNumber=1', 'DELETE /api/users/u2', 'GET /api/users?pageNumber=1']);
  });
});

describe('signing out', () => {
  it("drops the user's cached profile (with their orders) and orders so the next person sees none", async () => {
    const { result, store, queryClient } = renderWithClient(useProfile, { 'GET /api/users/profile': { json: profile } });
    act(() => store.signIn(ann));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    queryClient.setQueryData(shopKeys.orders.detail('o1'), { _id: 'o1' });
    expect(queryClient.getQueryData(shopKeys.users.profile())).toEqual(profile);

    act(() => store.signOut());

    expect(queryClient.getQueryData(shopKeys.users.profile())).toBeUndefined();
    expect(queryClient.getQueryData(shopKeys.orders.detail('o1'))).toBeUndefined();
  });
});
