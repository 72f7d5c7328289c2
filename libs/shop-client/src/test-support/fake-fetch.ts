/**
 * A stand-in for the global fetch in tests (jsdom has none): answers by "METHOD /path" and
 * records every call with its headers and parsed body.
 */
import { jest } from '@jest/globals';

export interface FakeReply {
  status?: number;
  statusText?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as plain text. */
  text?: string;
}

export interface FakeCall {
  method: string;
  url: string;
  headers: Headers;
  /** The parsed JSON body, or the FormData as it was sent. */
  body: unknown;
}

export type FakeRoutes = Record<string, FakeReply | ((call: FakeCall) => FakeReply)>;

export function fakeFetch(routes: FakeRoutes) {
  const calls: FakeCall[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const call: FakeCall = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url.split('?')[0]}`];
    if (!route) return fakeResponse({ status: 404, statusText: 'Not Found' });
    return fakeResponse(typeof route === 'function' ? route(call) : route);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

export function fakeResponse({ status = 200, statusText = '', json, text }: FakeReply): Response {
  const body = json !== undefined ? JSON.stringify(json) : (text ?? '');
  const headers = new Headers({ 'Content-Type': json !== undefined ? 'application/json; charset=utf-8' : 'text/plain' });
  return { ok: status >= 200 && status < 300, status, statusText, headers, text: async () => body } as Response;
}
