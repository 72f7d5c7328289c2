import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ApiError } from '../api/http.js';

/** A 4xx will answer the same the second time (not found, forbidden, invalid): no point retrying it. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The query client of the shop: one retry for network and server errors only, data fresh for
 * 30 s so moving between screens and remotes does not refetch everything, no retry of mutations
 * (placing an order or paying twice is worse than an error shown).
 */
export function createShopQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The answers of a page's query cache as a server render hands them to the browser (JSON). */
export type ShopQueryState = DehydratedState;

/**
 * The answered queries of a server render, for the page's HTML (docs/ssr.md): the browser puts them in
 * its cache before hydrating, so it asks for none of what the HTML already shows. Failed and pending
 * queries stay out: the browser asks for those itself.
 */
export function dehydrateShopQueries(client: QueryClient): ShopQueryState {
  return dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
}

/** Puts a server render's answers (dehydrateShopQueries) into the page's cache, before its first render. */
export function hydrateShopQueries(client: QueryClient, state: ShopQueryState): void {
  hydrate(client, state);
}
