import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { aCustomer, aProfile, renderHookWithClient } from '@shop/web-testing';
import { useProfile } from './get-profile.js';

describe('useProfile', () => {
  it('waits while signed out and loads once signed in, with the token', async () => {
    const { result, store, calls } = renderHookWithClient(useProfile, { routes: { 'GET /api/users/profile': { json: aProfile() } } });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);

    act(() => store.signIn(aCustomer));

    await waitFor(() => expect(result.current.data).toEqual(aProfile()));
    expect(calls.map((call) => [call.method, call.url, call.headers.get('Authorization')])).toEqual([
      ['GET', '/api/users/profile', `Bearer ${aCustomer.token}`],
    ]);
  });

  it('signs out and drops the cached profile when the token is refused', async () => {
    const { store, queryClient } = renderHookWithClient(useProfile, {
      routes: {
        'GET /api/users/profile': { status: 401, json: { message: 'Not authorized, token failed' } },
      },
    });
    act(() => store.signIn(aCustomer));

    await waitFor(() => expect(store.getState().userInfo).toBeNull());
    expect(queryClient.getQueryData(shopKeys.users.profile())).toBeUndefined();
  });
});

describe('signing out', () => {
  it("drops the user's cached profile (with their orders) and orders so the next person sees none", async () => {
    const { result, store, queryClient } = renderHookWithClient(useProfile, { routes: { 'GET /api/users/profile': { json: aProfile() } } });
    act(() => store.signIn(aCustomer));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    queryClient.setQueryData(shopKeys.orders.detail('o1'), { _id: 'o1' });
    expect(queryClient.getQueryData(shopKeys.users.profile())).toEqual(aProfile());

    act(() => store.signOut());

    expect(queryClient.getQueryData(shopKeys.users.profile())).toBeUndefined();
    expect(queryClient.getQueryData(shopKeys.orders.detail('o1'))).toBeUndefined();
  });
});
