import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, ProfileUpdateInput, RegisterInput, UserListDto, UserUpdateInput } from '@shop/contracts';
import type { PageQuery } from '../api/endpoints.js';
import { useSession } from '../store/hooks.js';
import { shopKeys } from './query-keys.js';
import { useShopClient } from './shop-client-provider.js';

/** Signs in. The request first clears any previous user (spec section 4); success keeps the new one. */
export function useLogin() {
  const { api, store } = useShopClient();
  return useMutation({
    mutationFn: (credentials: LoginInput) => api.users.login(credentials),
    onMutate: () => store.clearUserInfo(),
    onSuccess: (userInfo) => store.signIn(userInfo),
  });
}

/**
 * Logout (spec section 4): ends the session on the server first, so the token
 * dies with it, then clears the user, orders, cart and admin state held here,
 * whatever the server answered (offline, already ended): the user asked to leave.
 */
export function useLogout(): () => Promise<void> {
  const { api, store } = useShopClient();
  return useCallback(async () => {
    try {
      await api.users.logout();
    } catch {
      // The local session ends all the same; a token the server did not hear of expires on its own.
    } finally {
      store.signOut();
    }
  }, [api, store]);
}

/** Registers, which also signs the new user in. */
export function useRegister() {
  const { api, store } = useShopClient();
  return useMutation({
    mutationFn: (account: RegisterInput) => api.users.register(account),
    onMutate: () => store.clearUserInfo(),
    onSuccess: (userInfo) => store.signIn(userInfo),
  });
}

/** The signed-in user's account and own orders; idle while signed out. */
export function useProfile() {
  const { api } = useShopClient();
  const { isSignedIn } = useSession();
  return useQuery({ queryKey: shopKeys.users.profile(), queryFn: api.users.profile, enabled: isSignedIn });
}

/** Updates the profile; the answer carries a new token (the name or email is in it), which is kept. */
export function useUpdateProfile() {
  const { api, store } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdateInput) => api.users.updateProfile(changes),
    onSuccess: (userInfo) => {
      store.signIn(userInfo);
      return queryClient.invalidateQueries({ queryKey: shopKeys.users.all });
    },
  });
}

/** One page of the users table (admin), page 1 by default; idle while signed out. Each page is its own query. */
export function useUsers(query: PageQuery = {}) {
  const { api } = useShopClient();
  const { isSignedIn } = useSession();
  return useQuery({ queryKey: shopKeys.users.list(query), queryFn: () => api.users.list(query), enabled: isSignedIn });
}

/** One user (admin). */
export function useUser(id: string | undefined) {
  const { api } = useShopClient();
  const { isSignedIn } = useSession();
  return useQuery({
    queryKey: shopKeys.users.detail(id ?? ''),
    queryFn: () => api.users.detail(id as string),
    enabled: isSignedIn && Boolean(id),
  });
}

/** Saves a user's name, email and admin flag (admin). */
export function useUpdateUser() {
  const { api } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...user }: UserUpdateInput & { id: string }) => api.users.update(id, user),
    onSuccess: (user) => {
      queryClient.setQueryData(shopKeys.users.detail(user._id), user);
      return queryClient.invalidateQueries({ queryKey: shopKeys.users.lists() });
    },
  });
}

/**
 * Deletes a user (admin). The user leaves every cached page by id at once (spec section 4), then the
 * pages are read again: the page on screen fills up with the next user, and its page count follows.
 */
export function useDeleteUser() {
  const { api } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.users.delete(id),
    onSuccess: async ({ _id }) => {
      // A page fetch still in flight was asked before the delete: it would put the user back.
      await queryClient.cancelQueries({ queryKey: shopKeys.users.lists() });
      queryClient.setQueriesData<UserListDto>({ queryKey: shopKeys.users.lists() }, (list) =>
        list ? { ...list, users: list.users.filter((user) => user._id !== _id) } : list,
      );
      queryClient.removeQueries({ queryKey: shopKeys.users.detail(_id) });
      await queryClient.invalidateQueries({ queryKey: shopKeys.users.lists() });
    },
  });
}
