import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import type { UserDto } from '@shop/contracts';
import { shopKeys, type ListPage } from '@shop/shop-client';
import { anAdmin, aUser, listReply, renderHookWithClient, type ApiReply } from '@shop/web-testing';
import { useDeleteUser } from './delete-user.js';
import { useUsers } from './get-users.js';

const ann = aUser({ _id: 'u1', name: 'Ann' });
const bob = aUser({ _id: 'u2', name: 'Bob' });
const cy = aUser({ _id: 'u3', name: 'Cy' });
const pageOne = listReply([ann, bob], { total: 3, pages: 2 });

/** Page 1 of two users a page, each read after the first answered by `reads` in turn once Bob is deleted. */
function renderPageOne(...reads: Array<ApiReply | Promise<ApiReply>>) {
  let deleted = false;
  let first = true;
  const rendered = renderHookWithClient(() => ({ users: useUsers({ pageNumber: 1 }), remove: useDeleteUser() }), {
    routes: {
      'GET /api/users': () => {
        if (first) {
          first = false;
          return pageOne;
        }
        return reads.shift() ?? (deleted ? listReply([ann], { total: 2, pages: 1 }) : pageOne);
      },
      'DELETE /api/users/u2': () => {
        deleted = true;
        return { json: { _id: 'u2' } };
      },
    },
  });
  act(() => rendered.store.signIn(anAdmin));
  return rendered;
}

describe('useDeleteUser', () => {
  it('removes the deleted user from the cached page by id, whatever the page read next answers', async () => {
    const { result } = renderPageOne({ status: 500, json: { message: 'Users are unavailable' } });
    await waitFor(() => expect(result.current.users.data?.rows).toHaveLength(2));

    await act(() => result.current.remove.mutateAsync('u2'));

    // The query cache tells its observers on its next tick, not within the mutation's promise.
    await waitFor(() => expect(result.current.users.data?.rows.map((user) => user._id)).toEqual(['u1']));
    expect(result.current.remove.isSuccess).toBe(true);
  });

  it('reads the page on screen again, so the next user moves up into it', async () => {
    const { result, calls } = renderPageOne(listReply([ann, cy], { total: 2, pages: 1 }));
    await waitFor(() => expect(result.current.users.data?.rows).toHaveLength(2));

    await act(() => result.current.remove.mutateAsync('u2'));

    await waitFor(() => expect(result.current.users.data).toEqual({ rows: [ann, cy], total: 2, pages: 1 }));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/users?pageNumber=1', 'DELETE /api/users/u2', 'GET /api/users?pageNumber=1']);
  });

  it('drops a page read still on its way, which was asked before the delete and would bring the user back', async () => {
    let answerStaleRead: (reply: ApiReply) => void = () => undefined;
    const staleRead = new Promise<ApiReply>((resolve) => (answerStaleRead = resolve));
    const { result, queryClient } = renderPageOne(staleRead, { status: 500, json: { message: 'Users are unavailable' } });
    await waitFor(() => expect(result.current.users.data?.rows).toHaveLength(2));
    act(() => void result.current.users.refetch());
    await waitFor(() => expect(queryClient.isFetching({ queryKey: shopKeys.users.lists() })).toBe(1));

    await act(() => result.current.remove.mutateAsync('u2'));
    await act(async () => answerStaleRead(pageOne));

    await waitFor(() => expect(result.current.users.data?.rows.map((user) => user._id)).toEqual(['u1']));
  });

  it('drops a read of another page still on its way (one not on screen, which no refetch replaces)', async () => {
    const { result, queryClient } = renderPageOne();
    await waitFor(() => expect(result.current.users.data?.rows).toHaveLength(2));
    let answerPageTwo: (list: ListPage<UserDto>) => void = () => undefined;
    const pageTwoRead = queryClient
      .fetchQuery({ queryKey: shopKeys.users.list({ pageNumber: 2 }), queryFn: () => new Promise<ListPage<UserDto>>((resolve) => (answerPageTwo = resolve)) })
      .catch(() => undefined);

    await act(() => result.current.remove.mutateAsync('u2'));
    answerPageTwo({ rows: [bob, cy], total: 4, pages: 2 });
    await pageTwoRead;

    const pageTwo = queryClient.getQueryData<ListPage<UserDto>>(shopKeys.users.list({ pageNumber: 2 }));
    expect(pageTwo?.rows.map((user) => user._id) ?? []).not.toContain('u2');
  });

  it("forgets the deleted user's cached detail", async () => {
    const { result, queryClient } = renderPageOne();
    await waitFor(() => expect(result.current.users.data?.rows).toHaveLength(2));
    queryClient.setQueryData(shopKeys.users.detail('u2'), bob);

    await act(() => result.current.remove.mutateAsync('u2'));

    expect(queryClient.getQueryData(shopKeys.users.detail('u2'))).toBeUndefined();
  });
});
