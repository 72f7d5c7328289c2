import type { LoginInput } from '@shop/contracts';
import { callApi, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** POST /api/users/login: the user with a fresh token. */
export function login(http: ApiClient, credentials: LoginInput) {
  return callApi(http, 'post', '/api/users/login', { body: credentials });
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
