import type { RegisterInput } from '@shop/contracts';
import { callApi, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** POST /api/users: the new account, signed in (with its token). */
export function register(http: ApiClient, account: RegisterInput) {
  return callApi(http, 'post', '/api/users', { body: account });
}

/** Registers, which also signs the new user in; like sign-in, the request first clears any previous user. */
export function useRegister() {
  const { http, store } = useShopClient();
  return useShopMutation({
    mutationFn: (account: RegisterInput) => register(http, account),
    onMutate: () => store.clearUserInfo(),
    onSuccess: (userInfo) => store.signIn(userInfo),
  });
}
