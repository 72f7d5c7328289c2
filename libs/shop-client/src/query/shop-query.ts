import {
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { addressOf } from '../api/http.js';
import type { TypedGet } from '../api/operations.js';
import type { FirstAnswer } from './first-answers.js';
import { useShopClient } from './shop-client-provider.js';

/** A GET made by apiGetList: its answer is a ListPage read from the array and its headers. */
const isListGet = (get: TypedGet<unknown>): boolean => (get as { list?: boolean }).list === true;

/** A query of a remote: TanStack Query's options, with the GET that answers it instead of a queryFn. */
export interface ShopQueryOptions<T> extends Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryFn' | 'initialData' | 'initialDataUpdatedAt'> {
  /**
   * The GET that answers it (`apiGet('/api/products/{id}', { params: { id } })`, typed by the service's
   * OpenAPI document), through the page's API client (token, 401). Its address is also how an answer
   * preloaded with the page (a "first answer") finds its query: a remote names the same address in its
   * build's page-files.json, and the shell fetches it before the first render.
   */
  get: TypedGet<T>;
}

/**
 * Server state for a remote's page: `useQuery` on the page's one query cache, answered by a GET of the
 * API. A remote writes its own calls with it (`features/<name>/api/<operation>.ts`) and never imports
 * TanStack Query itself, so the page keeps one query cache whoever ships the call.
 */
export function useShopQuery<T>({ get, ...options }: ShopQueryOptions<T>): UseQueryResult<T, Error> {
  const { http, firstAnswers } = useShopClient();
  let first: FirstAnswer<T> | undefined;
  return useQuery<T, Error, T, QueryKey>({
    ...options,
    // TanStack's signal: a query no one watches any more (a search box's earlier text) stops its request.
    queryFn: ({ signal }) =>
      isListGet(get)
        ? (http.requestList(get.path, { query: get.query, headers: get.headers, signal }) as Promise<T>)
        : http.request<T>(get.path, { query: get.query, headers: get.headers, signal }),
    // The answer preloaded with the page, once: a query made later (after this one was forgotten) asks
    // afresh. TanStack calls these two one after the other when it makes the query.
    initialData: () => (first = firstAnswers.take<T>(addressOf(get)))?.data,
    initialDataUpdatedAt: () => first?.at,
  });
}

/** A change a remote makes: `useMutation` on the page's one query cache (errors are ApiError or Error). */
export function useShopMutation<T, V = void, C = unknown>(options: UseMutationOptions<T, Error, V, C>): UseMutationResult<T, Error, V, C> {
  return useMutation<T, Error, V, C>(options);
}
