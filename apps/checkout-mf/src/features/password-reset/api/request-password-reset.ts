import { callApi, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** POST /api/users/password-reset: mails a reset link to the account of the email, if there is one; the same answer either way. */
export function requestPasswordReset(http: ApiClient, email: string) {
  return callApi(http, 'post', '/api/users/password-reset', { body: { email } });
}

/** Asks for a reset link. */
export function useRequestPasswordReset() {
  const { http } = useShopClient();
  return useShopMutation({ mutationFn: (email: string) => requestPasswordReset(http, email) });
}
