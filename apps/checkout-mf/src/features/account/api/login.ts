import type { LoginInput } from '@shop/contracts';
import { callApi, type ApiClient } from '@shop/shop-client';
import { useSignInWith } from './sign-in-with.js';

/** POST /api/users/login: the user with a fresh token. */
export function login(http: ApiClient, credentials: LoginInput) {
  return callApi(http, 'post', '/api/users/login', { body: credentials });
}

/** Signs in. */
export function useLogin() {
  return useSignInWith(login);
}
