import type { UserDto } from '@shop/contracts';
import { callApi, shopKeys, useShopClient, useShopMutation, type ApiClient, type ListPage } from '@shop/shop-client';

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
      queryClient.setQueriesData<ListPage<UserDto>>({ queryKey: shopKeys.users.lists() }, (list) =>
        list ? { ...list, rows: list.rows.filter((user) => user._id !== _id) } : list,
      );
      queryClient.removeQueries({ queryKey: shopKeys.users.detail(_id) });
      await queryClient.invalidateQueries({ queryKey: shopKeys.users.lists() });
    },
  });
}
