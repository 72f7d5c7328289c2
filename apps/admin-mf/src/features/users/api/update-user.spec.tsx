import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { anAdmin, aUser, listReply, renderHookWithClient } from '@shop/web-testing';
import { useUsers } from './get-users.js';
import { useUpdateUser } from './update-user.js';

describe('useUpdateUser', () => {
  it("sends the fields with the path's id as _id, keeps the answer as the cached user and reads the tables again", async () => {
    const bob = aUser({ _id: 'u2', name: 'Bob', isAdmin: false });
    const saved = { ...bob, name: 'Bobby', isAdmin: true };
    let updated = false;
    const { result, store, calls, queryClient } = renderHookWithClient(() => ({ users: useUsers(), update: useUpdateUser() }), {
      routes: {
        'GET /api/users': () => listReply([updated ? saved : bob]),
        'PUT /api/users/u2': () => {
          updated = true;
          return { json: saved };
        },
      },
    });
    act(() => store.signIn(anAdmin));
    await waitFor(() => expect(result.current.users.data?.rows).toEqual([bob]));

    await act(() => result.current.update.mutateAsync({ id: 'u2', name: 'Bobby', email: bob.email, isAdmin: true }));

    expect(queryClient.getQueryData(shopKeys.users.detail('u2'))).toEqual(saved);
    await waitFor(() => expect(result.current.users.data?.rows).toEqual([saved]));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ _id: 'u2', name: 'Bobby', email: bob.email, isAdmin: true });
  });
});
