import type { LoginInput, UserInfoDto } from '@shop/contracts';
import { useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** POST /api/users/login: the user with a fresh token. */
export function login(http: ApiClient, credentials: LoginInput): Promise<UserInfoDto> {
  return http.request<UserInfoDto>('/api/users/login', { method: 'POST', body: credentials });
}

/** Signs in. The request first clears any previous user (spec section 4); success keeps the new one. */
export function useLogin() {
  const { http, store } = useShopClient();
  return useShopMutation({
    mutationFn: (credentials: LoginInput) => login(http, credentials),
    onMutate: () => store.clearUserInfo(),
    onSuccess: (userInfo) => store.signIn(userInfo),
  });
}
