import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ShopApi } from '../api/endpoints.js';
import { shopKeys } from './query-keys.js';
import { shopApiOf, type ShopClientProviderProps } from './shop-client-provider.js';

/** A query as a hook of this library runs it: its key and the call that answers it. */
export interface FirstQuery {
  queryKey: QueryKey;
  queryFn: () => Promise<unknown>;
}

/**
 * The query of this library that a GET of `address` answers (`/api/products/top`,
 * `/api/products?pageNumber=2`, `/api/products/{id}`), with the key its hook uses and the same call, or
 * undefined for any other address. A page's first API calls are named by address in the shell's route
 * table (and preloaded with index.html); this is where they meet the hooks' keys.
 */
export function firstQueryOf(api: ShopApi, address: string): FirstQuery | undefined {
  let url: URL;
  try {
    url = new URL(address, 'http://shop.invalid');
  } catch {
    return undefined;
  }
  const { pathname, searchParams } = url;
  if (pathname === '/api/products/top') return { queryKey: shopKeys.products.top(), queryFn: () => api.products.top() };
  if (pathname === '/api/products') {
    const keyword = searchParams.get('keyword') ?? undefined;
    const pageNumber = Number(searchParams.get('pageNumber') ?? '1');
    // Only what the home page asks for itself: a whole page number from 1 (it reads others as page 1).
    if (!Number.isInteger(pageNumber) || pageNumber < 1) return undefined;
    const query = { keyword, pageNumber };
    return { queryKey: shopKeys.products.list(query), queryFn: () => api.products.list(query) };
  }
  const detail = /^\/api\/products\/([^/]+)$/.exec(pathname);
  if (detail) {
    const id = decodeURIComponent(detail[1]);
    return { queryKey: shopKeys.products.detail(id), queryFn: () => api.products.detail(id) };
  }
  return undefined;
}

/**
 * Fetches a page's first answers into the query cache before the page renders, under the keys its
 * hooks use, so the page's first render already shows them: one render and one layout instead of a
 * loading state, then the answer, then a second render replacing it. Resolves when every one has
 * answered or failed, never rejects. Only answers go into the cache: a failed call leaves the query to
 * the page, which loads it as it would have without this (its loading state, its retry, its error),
 * and so does a page that renders before the answer is in. Addresses that answer no query of this
 * library are ignored.
 */
export async function prefetchFirstAnswers(
  queryClient: QueryClient,
  addresses: readonly string[],
  options: Pick<ShopClientProviderProps, 'store' | 'baseUrl' | 'fetch'> = {},
): Promise<void> {
  const api = shopApiOf(options);
  await Promise.all(
    addresses.map(async (address) => {
      const query = firstQueryOf(api, address);
      if (!query || queryClient.getQueryData(query.queryKey) !== undefined) return;
      try {
        const answer = await query.queryFn();
        if (queryClient.getQueryData(query.queryKey) === undefined) queryClient.setQueryData(query.queryKey, answer);
      } catch {
        // The page's own query meets the failure again and shows it as the spec says.
      }
    }),
  );
}
