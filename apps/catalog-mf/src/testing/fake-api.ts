/**
 * A stand-in for the shop's API in tests: replaces the global fetch (which the shop client uses)
 * with one that answers by "METHOD /path" and records each call. Test-only; never built.
 */
import { afterEach, jest } from '@jest/globals';
import type { ProductDetailDto, ProductDto, UserInfoDto } from '@shop/contracts';

export interface ApiCall {
  method: string;
  /** The path with its query string, e.g. /api/products?keyword=phone&pageNumber=2. */
  url: string;
  body: unknown;
}

/** A JSON answer (status 200 by default), or 'pending' for a request that never answers (loading states). */
export type ApiReply = { status?: number; json?: unknown } | 'pending';

export type ApiRoutes = Record<string, ApiReply | ((call: ApiCall) => ApiReply)>;

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

/** Answers the routes given; anything else is a 404 with the server's message shape. */
export function mockApi(routes: ApiRoutes): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      url: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url.split('?')[0]}`];
    const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, json: { message: 'Not found' } });
    if (reply === 'pending') return new Promise<Response>(() => undefined);
    return jsonResponse(reply.status ?? 200, reply.json);
  }) as typeof fetch;
  return { calls };
}

function jsonResponse(status: number, json: unknown): Response {
  const body = json === undefined ? '' : JSON.stringify(json);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: new Headers({ 'Content-Type': 'application/json' }),
    text: async () => body,
  } as Response;
}

export function aProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    _id: 'p1',
    name: 'Airpods Wireless Bluetooth Headphones',
    image: '/images/airpods.jpg',
    brand: 'Apple',
    category: 'Electronics',
    description: 'Bluetooth technology lets you connect it with compatible devices wirelessly',
    price: 89.99,
    countInStock: 3,
    rating: 4.5,
    numReviews: 12,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aProductDetail(overrides: Partial<ProductDetailDto> = {}): ProductDetailDto {
  return { ...aProduct(), reviews: [], ...overrides };
}

export const aCustomer: UserInfoDto = {
  _id: 'u1',
  name: 'Jane Doe',
  email: 'jane@example.com',
  isAdmin: false,
  token: 'token-of-jane',
};
