import { QueryClient } from '@tanstack/react-query';
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
