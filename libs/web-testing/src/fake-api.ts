/**
 * A stand-in for the shop's API in front-end tests: replaces the global fetch (which the shop client
 * uses) with one that answers by "METHOD /path" and records each call. Restored after every test.
 */
import { afterEach, jest } from '@jest/globals';

export interface ApiCall {
  method: string;
  /** The path with its query string, e.g. /api/products?keyword=phone&pageNumber=2. */
  url: string;
  headers: Headers;
  /** The parsed JSON body, or the FormData as it was sent. */
  body: unknown;
}

/**
 * An answer, status 200 by default: `text` sent as plain text (the image upload answers its path as
 * text), otherwise `json` as JSON; or 'pending' for a request that never answers (loading states).
 */
export type ApiReply = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> } | 'pending';

/**
 * A list call's reply as GET /api/users and GET /api/orders give it: the page's rows, and `total` with
 * the Link header's last page for `pages` pages.
 */
export function listReply(rows: unknown[], { total = rows.length, pages = total === 0 ? 0 : 1 }: { total?: number; pages?: number } = {}): ApiReply {
  return { json: rows, headers: { 'X-Total-Count': String(total), Link: `</list?pageNumber=1>; rel="first", </list?pageNumber=${Math.max(pages, 1)}>; rel="last"` } };
}

/** A reply, or a function of the call giving one. */
export type ApiRoutes = Record<string, ApiReply | ((call: ApiCall) => ApiReply)>;

/**
 * ApiRoutes whose functions may also give a promise of a reply, holding the answer back until the
 * test settles it. A separate type because callers call ApiRoutes' functions and expect a reply.
 */
export type DeferrableApiRoutes = Record<string, ApiReply | ((call: ApiCall) => ApiReply | Promise<ApiReply>)>;

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

/** Answers the routes given; anything else is a 404 with the server's message shape. */
export function mockApi(routes: DeferrableApiRoutes): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url.split('?')[0]}`];
    const reply = typeof route === 'function' ? await route(call) : (route ?? { status: 404, json: { message: 'Not found' } });
    if (reply === 'pending') return new Promise<Response>(() => undefined);
    if (reply.text !== undefined) return response(reply.status, 'text/plain', reply.text, reply.headers);
    return response(reply.status, 'application/json', reply.json === undefined ? '' : JSON.stringify(reply.json), reply.headers);
  }) as typeof fetch;
  return { calls };
}

function response(status = 200, contentType: string, body: string, headers: Record<string, string> = {}): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: new Headers({ 'Content-Type': contentType, ...headers }),
    text: async () => body,
    blob: async () => new Blob([body], { type: headers['Content-Type'] ?? contentType }),
  } as Response;
}
