import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { anAdmin, aUser, listReply, renderHookWithClient } from '@shop/web-testing';
import { useUsers } from './get-users.js';

const ann = aUser({ _id: 'u1', name: 'Ann' });

describe('useUsers', () => {
  it('waits while signed out', () => {
    const { result, calls } = renderHookWithClient(() => useUsers(), { routes: { 'GET /api/users': listReply([ann]) } });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });

  it('reads the page it is asked for, each page its own query', async () => {
    const { result, store, calls, queryClient } = renderHookWithClient(() => useUsers({ pageNumber: 2 }), {
      routes: {
        'GET /api/users': listReply([ann], { total: 41, pages: 3 }),
      },
    });
    act(() => store.signIn(anAdmin));
    await waitFor(() => expect(result.current.data).toEqual({ rows: [ann], total: 41, pages: 3 }));
    expect(calls.map((call) => call.url)).toEqual(['/api/users?pageNumber=2']);
    expect(calls[0].headers.get('Authorization')).toBe(`Bearer ${anAdmin.token}`);
    expect(queryClient.getQueryData(shopKeys.users.list({ pageNumber: 2 }))).toEqual({ rows: [ann], total: 41, pages: 3 });
    expect(queryClient.getQueryData(shopKeys.users.list({ pageNumber: 1 }))).toBeUndefined();
  });

  it('reads page 1 by default', async () => {
    const { result, store, calls } = renderHookWithClient(() => useUsers(), { routes: { 'GET /api/users': listReply([ann]) } });
    act(() => store.signIn(anAdmin));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls[0].url).toBe('/api/users?pageNumber=1');
  });
});
