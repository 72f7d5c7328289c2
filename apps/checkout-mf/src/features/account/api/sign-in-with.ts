import type { UserInfoDto } from '@shop/contracts';
import { useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/**
 * A call that answers a signed-in user (sign-in, register), as spec section 4 has both: the request first
 * clears any previous user (the cart stays), and success keeps the new one.
 */
export function useSignInWith<V>(call: (http: ApiClient, variables: V) => Promise<UserInfoDto>) {
  const { http, store } = useShopClient();
  return useShopMutation({
    mutationFn: (variables: V) => call(http, variables),
    onMutate: () => store.clearUserInfo(),
    onSuccess: (userInfo) => store.signIn(userInfo),
  });
}
