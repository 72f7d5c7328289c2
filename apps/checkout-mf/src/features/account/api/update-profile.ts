import type { ProfileUpdateInput } from '@shop/contracts';
import { callApi, shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** PUT /api/users/profile: the user with a new token (the name or email is in it). */
export function updateProfile(http: ApiClient, changes: ProfileUpdateInput) {
  return callApi(http, 'put', '/api/users/profile', { body: withoutEmptyPassword(changes) });
}

/** Updates the profile; the answer carries a new token, which is kept, and the user's queries reload. */
export function useUpdateProfile() {
  const { http, store, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (changes: ProfileUpdateInput) => updateProfile(http, changes),
    onSuccess: (userInfo) => {
      store.signIn(userInfo);
      return queryClient.invalidateQueries({ queryKey: shopKeys.users.all });
    },
  });
}

/** An empty password field means "keep the current one": it is not sent at all. */
function withoutEmptyPassword({ password, currentPassword, ...rest }: ProfileUpdateInput): ProfileUpdateInput {
  return { ...rest, ...(password ? { password } : {}), ...(currentPassword ? { currentPassword } : {}) };
}
