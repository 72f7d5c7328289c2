import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { aCustomer, aProfile, renderHookWithClient } from '@shop/web-testing';
import { useUpdateProfile } from './update-profile.js';

describe('useUpdateProfile', () => {
  it('refreshes the stored user info with the new token', async () => {
    const updated = { ...aCustomer, name: 'Jane B', token: 'new-token' };
    const { result, store, calls } = renderHookWithClient(useUpdateProfile, {
      routes: { 'PUT /api/users/profile': { json: updated } },
      storage: localStorage,
    });
    act(() => store.signIn(aCustomer));

    act(() => result.current.mutate({ name: 'Jane B', email: 'jane@example.com', password: '' }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls[0].headers.get('Authorization')).toBe(`Bearer ${aCustomer.token}`);
    expect(store.getState().userInfo).toEqual(updated);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').token).toBe('new-token');
  });

  it('sends the current password with a new one, and leaves out empty ones', async () => {
    const { result, store, calls } = renderHookWithClient(useUpdateProfile, { routes: { 'PUT /api/users/profile': { json: aCustomer } } });
    act(() => store.signIn(aCustomer));

    act(() => result.current.mutate({ name: 'Jane', email: 'jane@example.com', password: 'new-secret-1', currentPassword: 'old-secret-1' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.mutate({ name: 'Jane', email: 'jane@example.com', password: '', currentPassword: '' }));
    await waitFor(() => expect(calls).toHaveLength(2));

    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['PUT', '/api/users/profile', { name: 'Jane', email: 'jane@example.com', password: 'new-secret-1', currentPassword: 'old-secret-1' }],
      ['PUT', '/api/users/profile', { name: 'Jane', email: 'jane@example.com' }],
    ]);
  });

  it("marks the user's cached queries stale, so the profile shows the new name when read", async () => {
    const { result, store, queryClient } = renderHookWithClient(useUpdateProfile, { routes: { 'PUT /api/users/profile': { json: aCustomer } } });
    act(() => store.signIn(aCustomer));
    queryClient.setQueryData(shopKeys.users.profile(), aProfile());

    await act(() => result.current.mutateAsync({ name: 'Jane', email: 'jane@example.com' }));

    expect(queryClient.getQueryState(shopKeys.users.profile())?.isInvalidated).toBe(true);
  });
});
