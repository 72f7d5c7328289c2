import { callApi, shopKeys, useShopClient, useShopMutation, type ApiAnswer, type ApiClient } from '@shop/shop-client';

/** A cached page of the users table, as GET /api/users answers it. */
type UserListPage = ApiAnswer<'/api/users', 'get'>;

/** Deletes a user by id; the answer names the deleted user's id. */
export function deleteUser(http: ApiClient, userId: string) {
  return callApi(http, 'delete', '/api/users/{id}', { params: { id: userId } });
}

/**
 * Deletes a user. The user leaves every cached page by id at once (spec section 4), then the pages
 * are read again: the page on screen fills up with the next user, and its page count follows.
 */
export function useDeleteUser() {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (userId: string) => deleteUser(http, userId),
    onSuccess: async ({ _id }) => {
      // A page fetch still in flight was asked before the delete: it would put the user back.
      await queryClient.cancelQueries({ queryKey: shopKeys.users.lists() });
      queryClient.setQueriesData<UserListPage>({ queryKey: shopKeys.users.lists() }, (list) =>
        list ? { ...list, users: list.users.filter((user) => user._id !== _id) } : list,
      );
      queryClient.removeQueries({ queryKey: shopKeys.users.detail(_id) });
      await queryClient.invalidateQueries({ queryKey: shopKeys.users.lists() });
    },
  });
}
