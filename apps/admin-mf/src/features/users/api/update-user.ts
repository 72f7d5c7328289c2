import type { UserDto, UserUpdateInput } from '@shop/contracts';
import { shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** What the edit form saves: the user's id, name, email and admin flag. */
export type UserUpdate = UserUpdateInput & { id: string };

/** Saves a user; the body repeats the path's id as `_id`, as the API asks. */
export function updateUser(http: ApiClient, { id, ...user }: UserUpdate): Promise<UserDto> {
  return http.request<UserDto>(`/api/users/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...user, _id: id } });
}

/** Saves a user's name, email and admin flag: the answer becomes the cached user, and the tables are read again. */
export function useUpdateUser() {
  const { http, queryClient } = useShopClient();
  return useShopMutation<UserDto, UserUpdate>({
    mutationFn: (user) => updateUser(http, user),
    onSuccess: (user) => {
      queryClient.setQueryData(shopKeys.users.detail(user._id), user);
      return queryClient.invalidateQueries({ queryKey: shopKeys.users.lists() });
    },
  });
}
