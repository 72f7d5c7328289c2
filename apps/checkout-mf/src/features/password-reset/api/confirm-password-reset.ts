import { callApi, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** What the reset page sends: the token of the mail's link and the new password. */
export interface PasswordResetConfirmation {
  token: string;
  password: string;
}

/** POST /api/users/password-reset/confirm: sets the new password; every session of the account ends. */
export function confirmPasswordReset(http: ApiClient, confirmation: PasswordResetConfirmation) {
  return callApi(http, 'post', '/api/users/password-reset/confirm', { body: confirmation });
}

/**
 * Sets the new password. Every session of the account has ended on the server, so a session this
 * page holds is forgotten too (it would only be refused from now on); the cart stays.
 */
export function useConfirmPasswordReset() {
  const { http, store } = useShopClient();
  return useShopMutation({
    mutationFn: (confirmation: PasswordResetConfirmation) => confirmPasswordReset(http, confirmation),
    onSuccess: () => {
      if (store.getState().userInfo) store.clearUserInfo();
    },
  });
}
