/** Renders hooks inside a ShopClientProvider with a fresh store, query client and fake fetch. */
import type { ReactNode } from 'react';
import { afterEach } from '@jest/globals';
import { renderHook } from '@testing-library/react';
import { ShopClientProvider } from '../query/shop-client-provider.js';
import { createShopQueryClient } from '../query/query-client.js';
import { createShopStore, type ShopStore } from '../store/shop-store.js';
import { fakeFetch, type FakeRoutes } from './fake-fetch.js';

const stores: ShopStore[] = [];
afterEach(() => stores.splice(0).forEach((store) => store.dispose()));

export function renderWithClient<T>(useHook: () => T, routes: FakeRoutes) {
  localStorage.clear();
  const store = createShopStore();
  stores.push(store);
  const queryClient = createShopQueryClient();
  const { fetch, calls } = fakeFetch(routes);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ShopClientProvider store={store} queryClient={queryClient} fetch={fetch}>
      {children}
    </ShopClientProvider>
  );
  const rendered = renderHook(useHook, { wrapper });
  return { ...rendered, store, queryClient, calls };
}
