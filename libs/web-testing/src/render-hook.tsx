/**
 * Renders a front end's hook (its api/ hooks above all) inside what the shell gives a page, a
 * ShopClientProvider, with a fresh store and query client per test.
 */
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { UserInfoDto } from '@shop/contracts';
import { createShopQueryClient, createShopStore, ShopClientProvider } from '@shop/shop-client';
import { mockApi, type ApiCall, type DeferrableApiRoutes } from './fake-api.js';

export interface RenderHookOptions {
  /** Answers the API with mockApi; without them the test answers it itself (or the hook must not call it). */
  routes?: DeferrableApiRoutes;
  /** Signs this user in before the hook renders; a guest otherwise. */
  user?: UserInfoDto;
  /**
   * Where the store persists (emptied first), for a test of what the shop keeps; none by default,
   * so nothing carries between tests.
   */
  storage?: Storage;
}

/** Returns renderHook's result with the store, the query client and the API calls recorded (none without routes). */
export function renderHookWithClient<T>(useHook: () => T, { routes, user, storage }: RenderHookOptions = {}) {
  storage?.clear();
  // No window: no other test's tab is heard.
  const store = createShopStore({ storage: storage ?? null, window: null });
  if (user) store.signIn(user);
  const queryClient = createShopQueryClient();
  const calls: ApiCall[] = routes ? mockApi(routes).calls : [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ShopClientProvider store={store} queryClient={queryClient}>
      {children}
    </ShopClientProvider>
  );
  return { ...renderHook(useHook, { wrapper }), store, queryClient, calls };
}
