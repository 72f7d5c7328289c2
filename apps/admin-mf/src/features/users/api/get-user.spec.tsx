import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { anAdmin, aUser, renderHookWithClient } from '@shop/web-testing';
import { useUser } from './get-user.js';

describe('useUser', () => {
  it('waits while signed out, then reads the user by its encoded id', async () => {
    const user = aUser({ _id: 'a/b' });
    const { result, store, calls, queryClient } = renderHookWithClient(() => useUser('a/b'), { routes: { 'GET /api/users/a%2Fb': { json: user } } });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);

    act(() => store.signIn(anAdmin));

    await waitFor(() => expect(result.current.data).toEqual(user));
    expect(calls.map((call) => call.url)).toEqual(['/api/users/a%2Fb']);
    expect(queryClient.getQueryData(shopKeys.users.detail('a/b'))).toEqual(user);
  });

  it('asks for nothing without an id', () => {
    const { result, store, calls } = renderHookWithClient(() => useUser(''), { routes: {} });
    act(() => store.signIn(anAdmin));
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });
});
