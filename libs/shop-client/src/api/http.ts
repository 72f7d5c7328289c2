import type { ErrorBody } from '@shop/contracts';

/** A failed call: the HTTP status (0 when no answer came) and the message to show in a red alert. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Prefix of every path; '' (the default) keeps calls on the page's own origin, behind the gateway. */
  baseUrl?: string;
  /** The signed-in user's token, read at every call so a sign-in elsewhere takes effect at once. */
  getToken?: () => string | null | undefined;
  /** Called when a call that carried a token answers 401: the session is no longer valid. */
  onUnauthorized?: () => void;
  /** The fetch to use; the global one by default (tests may pass their own). */
  fetch?: typeof fetch;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** A JSON-serialisable body, or a FormData sent as multipart as it is. */
  body?: unknown;
  /** Query parameters; undefined and empty values are left out; a list repeats its parameter (`brand=a&brand=b`). */
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  /** Aborts the request (a query that is no longer wanted: a search box's earlier text). */
  signal?: AbortSignal;
  /** Further request headers (such as `Prefer`). */
  headers?: Record<string, string>;
}

/** A GET of the API as a query asks for it: its path and query parameters (and headers, rarely). */
export interface ApiGet {
  path: string;
  query?: RequestOptions['query'];
  headers?: Record<string, string>;
}

/**
 * The address a GET asks for: its path and query string as the client writes them (parameters in the
 * order given, undefined and empty ones left out). The page's first answers are found by it.
 */
export function addressOf({ path, query }: ApiGet): string {
  return `${path}${queryString(query)}`;
}

/**
 * A page of a list call that answers an array and says its place in headers (GET /api/users, GET
 * /api/orders: X-Total-Count and Link, libs/contracts listing.ts).
 */
export interface ListPage<T> {
  /** The page's rows, as the call answered them. */
  rows: T[];
  /** How many rows the call's search and filters match over every page. */
  total: number;
  /** How many pages there are at this page size (0 when nothing matches). */
  pages: number;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** A GET of a list call: its rows, and the total and pages its headers say. */
  requestList<T>(path: string, options?: RequestOptions): Promise<ListPage<T>>;
  /** A GET of a file (a CSV export): its content and the name the answer gives it. */
  requestFile(path: string, options?: RequestOptions): Promise<ApiFile>;
}

/** A file an API call answered. */
export interface ApiFile {
  blob: Blob;
  /** From Content-Disposition; 'download' when it names none. */
  fileName: string;
}

/** A small fetch wrapper: JSON in and out, the bearer token, and the spec's error message rule. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = '', getToken, onUnauthorized } = options;

  /** Sends a request; a success's answer is left unread for the caller, a failure becomes an ApiError. */
  async function exchange(path: string, { method = 'GET', body, query, headers: extra, signal }: RequestOptions): Promise<Response> {
    const fetchFn = options.fetch ?? globalThis.fetch;
    // JSON first, but the upload answers its path as plain text.
    const headers = new Headers({ Accept: 'application/json, text/plain, */*', ...extra });
    const token = getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body; // the browser sets the multipart boundary itself
    } else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }

    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}${queryString(query)}`, { method, headers, body: payload, signal });
    } catch (error) {
      // An aborted request is no failure to show: its caller no longer wants it.
      if (signal?.aborted) throw signal.reason;
      // No answer at all (offline, refused): the request's own message is all there is.
      throw new ApiError(0, error instanceof Error ? error.message : 'Network request failed');
    }

    if (response.ok) return response;

    const answer = await readBody(response);
    // Only a rejected token means the session is over; a wrong password on sign-in is just an error.
    if (response.status === 401 && token) onUnauthorized?.();
    throw new ApiError(response.status, errorMessage(answer, response));
  }

  return {
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      return (await readBody(await exchange(path, options))) as T;
    },
    async requestList<T>(path: string, options: RequestOptions = {}): Promise<ListPage<T>> {
      const response = await exchange(path, options);
      const answer = await readBody(response);
      if (!Array.isArray(answer)) throw new ApiError(response.status, `${path} did not answer a list`);
      const total = Number(response.headers.get('X-Total-Count') ?? answer.length);
      return { rows: answer as T[], total, pages: total === 0 ? 0 : lastPageOf(response.headers.get('Link')) };
    },
    async requestFile(path: string, options: RequestOptions = {}): Promise<ApiFile> {
      const response = await exchange(path, options);
      const fileName = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download';
      return { blob: await response.blob(), fileName };
    },
  };
}

/** The pageNumber of the Link header's `last` target (1 when it has none). */
function lastPageOf(link: string | null): number {
  const last = /<([^>]*)>\s*;\s*rel="?last"?/.exec(link ?? '')?.[1];
  if (last === undefined) return 1;
  const page = Number(new URL(last, 'http://list.invalid').searchParams.get('pageNumber'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(name, item);
    else if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** JSON when the server says so, text otherwise (the upload answers a plain path), nothing on 204. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  const text = await response.text();
  if (!type.includes('json')) return text;
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** Spec section 8: the server's message if present, else the request's. */
function errorMessage(answer: unknown, response: Response): string {
  if (isErrorBody(answer) && answer.message) return answer.message;
  return response.statusText || `Request failed with status code ${response.status}`;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).message === 'string';
}
