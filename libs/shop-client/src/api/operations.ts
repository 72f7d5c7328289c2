/**
 * The API's operations as the services' OpenAPI documents describe them (libs/api-types, generated at
 * build): a remote names an operation by its path and verb, and its parameters, body and answer are
 * typed from there. An operation or a field a service no longer has is a type error in the remote.
 */
import type { ApiPaths } from '@shop/api-types';
import type { ApiClient, ApiGet, HttpMethod, ListPage } from './http.js';

/** The verbs the shop's API uses. */
export type ApiVerb = 'get' | 'put' | 'post' | 'delete';

/** The paths that have an operation for `verb`: `ApiPath<'get'>` is every path one can GET. */
export type ApiPath<V extends ApiVerb> = { [P in keyof ApiPaths]: ApiPaths[P][V] extends { responses: unknown } ? P : never }[keyof ApiPaths];

type Operation<P extends ApiPath<V>, V extends ApiVerb> = Extract<ApiPaths[P][V], { responses: unknown }>;

type SuccessOf<R> = R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : R extends { 202: infer S } ? S : R extends { 204: unknown } ? { content?: never } : never;
type ContentOf<S> = S extends { content: { 'application/json': infer B } } ? B : S extends { content: { 'text/plain': infer T } } ? T : undefined;

/** What a successful call answers (200, 201 or 202 JSON, a 201 text, nothing for 204). */
export type ApiAnswer<P extends ApiPath<V>, V extends ApiVerb> = ContentOf<SuccessOf<Operation<P, V>['responses']>>;

type ParametersOf<P extends ApiPath<V>, V extends ApiVerb> = Operation<P, V> extends { parameters: infer X } ? X : never;
type PathParams<P extends ApiPath<V>, V extends ApiVerb> = ParametersOf<P, V> extends { path: infer X } ? X : never;
type QueryParams<P extends ApiPath<V>, V extends ApiVerb> = ParametersOf<P, V> extends { query?: infer Q } ? Q : never;
type RequestBodyOf<P extends ApiPath<V>, V extends ApiVerb> = Operation<P, V> extends { requestBody?: infer R } ? NonNullable<R> : never;
type ContentBody<R> = R extends { content: { 'application/json': infer B } } ? B : R extends { content: { 'multipart/form-data': unknown } } ? FormData : never;
/** The body an operation takes (JSON, or a FormData for a multipart one); never when it takes none. */
type Body<P extends ApiPath<V>, V extends ApiVerb> = [RequestBodyOf<P, V>] extends [never] ? never : ContentBody<RequestBodyOf<P, V>>;

/** `{ params }` when the path has segments to fill, `{ body }` when the operation takes one, `{ query }` when it reads one. */
export type ApiCallOptions<P extends ApiPath<V>, V extends ApiVerb> = ([PathParams<P, V>] extends [never] ? { params?: never } : { params: PathParams<P, V> }) &
  ([Body<P, V>] extends [never] ? { body?: never } : Operation<P, V> extends { requestBody: unknown } ? { body: Body<P, V> } : { body?: Body<P, V> }) &
  ([QueryParams<P, V>] extends [never] | [undefined] ? { query?: never } : { query?: QueryParams<P, V> }) & {
    /** Further request headers (such as `Prefer`). */
    headers?: Record<string, string>;
  };

declare const answerType: unique symbol;

/** A GET of the API typed by its answer, for `useShopQuery({ get })`; only `apiGet` makes one. */
export interface TypedGet<T> extends ApiGet {
  /** Never set at run time: carries the answer's type from the operation to the query. */
  readonly [answerType]: T;
}

/** The path with each `{name}` filled with its parameter, encoded: `/api/products/{id}` → `/api/products/p%201`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
}

type Options = { params?: Record<string, string | number>; query?: Record<string, string | number | undefined>; body?: unknown; headers?: Record<string, string> };

/** A GET for `useShopQuery`: `apiGet('/api/products/{id}', { params: { id } })`. */
export function apiGet<P extends ApiPath<'get'>>(path: P, ...[options]: OptionalIfEmpty<ApiCallOptions<P, 'get'>>): TypedGet<ApiAnswer<P, 'get'>> {
  const { params, query, headers } = (options ?? {}) as Options;
  return { path: fillPath(path, params), query, headers } as TypedGet<ApiAnswer<P, 'get'>>;
}

/** The row type of an operation that answers an array. */
type RowOf<A> = A extends readonly (infer R)[] ? R : never;

/** A GET of a list call (an array, its place in X-Total-Count and Link) for `useShopQuery`: answers a ListPage. */
export interface TypedListGet<T> extends TypedGet<ListPage<T>> {
  readonly list: true;
}

/**
 * A GET of a list call for `useShopQuery`, answering its rows with the total and pages its headers say:
 * `apiGetList('/api/orders', { query: { pageNumber, search } })`.
 */
export function apiGetList<P extends ApiPath<'get'>>(path: P, ...[options]: OptionalIfEmpty<ApiCallOptions<P, 'get'>>): TypedListGet<RowOf<ApiAnswer<P, 'get'>>> {
  const { params, query, headers } = (options ?? {}) as Options;
  return { path: fillPath(path, params), query, headers, list: true } as unknown as TypedListGet<RowOf<ApiAnswer<P, 'get'>>>;
}

/** Calls an operation of the API through the page's client: `callApi(http, 'put', '/api/orders/{id}/pay_status', { params, body })`. */
export function callApi<P extends ApiPath<V>, V extends ApiVerb>(http: ApiClient, verb: V, path: P, ...[options]: OptionalIfEmpty<ApiCallOptions<P, V>>): Promise<ApiAnswer<P, V>> {
  const { params, query, body, headers } = (options ?? {}) as Options;
  return http.request<ApiAnswer<P, V>>(fillPath(path, params), { method: verb.toUpperCase() as HttpMethod, query, body, headers });
}

/** The options argument may be left out when nothing in it is required. */
type OptionalIfEmpty<O> = object extends O ? [options?: O] : [options: O];
