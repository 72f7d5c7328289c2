import { callApi, shopKeys, useShopClient, useShopMutation, type ApiCallOptions, type ApiClient } from '@shop/shop-client';

/** What the edit form saves: the user's id, name, email and admin flag (PUT /api/users/{id}'s body, less `_id`). */
export type UserUpdate = Omit<ApiCallOptions<'/api/users/{id}', 'put'>['body'], '_id'> & { id: string };

/** Saves a user; the body repeats the path's id as `_id`, as the API asks. */
export function updateUser(http: ApiClient, { id, ...user }: UserUpdate) {
  return callApi(http, 'put', '/api/users/{id}', { params: { id }, body: { ...user, _id: id } });
}

/** Saves a user's name, email and admin flag: the answer becomes the cached user, and the tables are read again. */
export function useUpdateUser() {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (user: UserUpdate) => updateUser(http, user),
    onSuccess: (user) => {
      queryClient.setQueryData(shopKeys.users.detail(user._id), user);
      return queryClient.invalidateQueries({ queryKey: shopKeys.users.lists() });
    },
  });
}
