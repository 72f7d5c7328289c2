import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from '../api/http.js';
import { pageFirstAnswers, type FirstAnswers } from './first-answers.js';
import { shopStore, type ShopStore } from '../store/shop-store.js';
import { createShopQueryClient } from './query-client.js';
import { userScopedKeys } from './query-keys.js';

interface ShopClientContextValue {
  http: ApiClient;
  store: ShopStore;
  /** The answers fetched before the page rendered, for its queries to start with. */
  firstAnswers: FirstAnswers;
}

/** What a remote's calls work with: the page's API client, its session and cart store, its query cache. */
export interface ShopClient extends ShopClientContextValue {
  queryClient: QueryClient;
}

const ShopClientContext = createContext<ShopClientContextValue | null>(null);

export interface ShopClientProviderProps {
  children: ReactNode;
  /** The query client; one made by createShopQueryClient() by default. */
  queryClient?: QueryClient;
  /** The session and cart store; the page's shared one by default. */
  store?: ShopStore;
  /** Prefix of every API path; '' (same origin, through the gateway) by default. */
  baseUrl?: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /** The answers fetched before the page rendered: the browser page's by default, a server render's own. */
  firstAnswers?: FirstAnswers;
}

/**
 * Gives the hooks their API client and query client. The client sends the store's token and
 * signs out on a 401; whenever the user signs out (here, by a 401, or in another tab) their
 * cached profile, users and orders are dropped, so the next person sees none of it.
 * The store, base URL, fetch and first answers are read once, when the provider mounts.
 */
export function ShopClientProvider({ children, queryClient, store = shopStore, baseUrl = '', fetch, firstAnswers = pageFirstAnswers }: ShopClientProviderProps) {
  const [ownQueryClient] = useState(() => queryClient ?? createShopQueryClient());
  const client = queryClient ?? ownQueryClient;

  const [shopClient] = useState<ShopClientContextValue>(() => ({ store, firstAnswers, http: httpOf({ store, baseUrl, fetch }) }));

  useEffect(() => {
    let signedIn = store.getState().userInfo !== null;
    return store.subscribe(() => {
      const nowSignedIn = store.getState().userInfo !== null;
      if (signedIn && !nowSignedIn) {
        for (const queryKey of userScopedKeys) client.removeQueries({ queryKey });
      }
      signedIn = nowSignedIn;
    });
  }, [store, client]);

  return (
    <QueryClientProvider client={client}>
      <ShopClientContext.Provider value={shopClient}>{children}</ShopClientContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * The API client as the provider's hooks call it: the store's token on every call, and a 401 to a call
 * that carried one signs the user out.
 */
export function httpOf({ store = shopStore, baseUrl = '', fetch }: Pick<ShopClientProviderProps, 'store' | 'baseUrl' | 'fetch'> = {}): ApiClient {
  return createApiClient({
    baseUrl,
    fetch,
    getToken: () => store.getState().userInfo?.token,
    onUnauthorized: () => store.signOut(),
  });
}

/** The API client, store and query client of the nearest ShopClientProvider. */
export function useShopClient(): ShopClient {
  const shopClient = useContext(ShopClientContext);
  const queryClient = useQueryClient();
  if (!shopClient) throw new Error('useShopClient must be used inside a ShopClientProvider');
  return useMemo(() => ({ ...shopClient, queryClient }), [shopClient, queryClient]);
}
