import type { RegisterInput } from '@shop/contracts';
import { callApi, type ApiClient } from '@shop/shop-client';
import { useSignInWith } from './sign-in-with.js';

/** POST /api/users: the new account, signed in (with its token). */
export function register(http: ApiClient, account: RegisterInput) {
  return callApi(http, 'post', '/api/users', { body: account });
}

/** Registers, which also signs the new user in. */
export function useRegister() {
  return useSignInWith(register);
}
