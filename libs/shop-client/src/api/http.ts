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
  /** Query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | undefined>;
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

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** A small fetch wrapper: JSON in and out, the bearer token, and the spec's error message rule. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = '', getToken, onUnauthorized } = options;

  return {
    async request<T>(path: string, { method = 'GET', body, query, headers: extra }: RequestOptions = {}): Promise<T> {
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
        response = await fetchFn(`${baseUrl}${path}${queryString(query)}`, { method, headers, body: payload });
      } catch (error) {
        // No answer at all (offline, refused): the request's own message is all there is.
        throw new ApiError(0, error instanceof Error ? error.message : 'Network request failed');
      }

      const answer = await readBody(response);
      if (response.ok) return answer as T;

      // Only a rejected token means the session is over; a wrong password on sign-in is just an error.
      if (response.status === 401 && token) onUnauthorized?.();
      throw new ApiError(response.status, errorMessage(answer, response));
    },
  };
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
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
