import type { OrderDto, ProductDto } from '@shop/contracts';
import { eventually } from '@shop/testing';

/** An answer of the shop's API: its status, and its JSON body when it has one. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** The Link header's targets by relation (`next`, `last`…), when it has one. */
  links: Record<string, string>;
}

/**
 * Calls the shop's API at `url` as a browser would: a JSON body when given, the bearer token when
 * given. Answers the status and the parsed JSON (undefined for an empty or non-JSON answer); gives up
 * after `timeoutMs`.
 */
export async function callApi<T>(url: string, method: string, body?: unknown, token?: string, timeoutMs = 30_000): Promise<Answer<T>> {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json') && text;
  const links = Object.fromEntries([...(res.headers.get('link') ?? '').matchAll(/<([^>]*)>; rel="([a-z]+)"/g)].map(([, target, rel]) => [rel, target]));
  return { status: res.status, body: (json ? JSON.parse(text) : undefined) as T, links };
}

/** Calls the shop's API: method, path, JSON body, bearer token. */
export type ShopCall = <T>(method: string, path: string, body?: unknown, token?: string) => Promise<Answer<T>>;

/**
 * After a run of faults: every order of each customer (placed with an answer or not) once none is
 * pending, and the product's stock once it is `initial` less one unit per confirmed order (each order
 * takes one unit), or a failure saying what it should have been.
 */
export async function settledOrdersAndStock(call: ShopCall, tokens: string[], productId: string, initial: number): Promise<{ orders: OrderDto[]; confirmed: OrderDto[]; stock: number }> {
  const orders = (
    await Promise.all(
      tokens.map((token) =>
        eventually(async () => {
          const mine = await call<OrderDto[]>('GET', '/api/orders/mine', undefined, token);
          return mine.status === 200 && mine.body.every((one) => one.status !== 'pending') ? mine.body : undefined;
        }, 120_000, 'every order of the customer final'),
      ),
    )
  ).flat();
  const confirmed = orders.filter((one) => one.status === 'confirmed');
  const stock = await eventually(async () => {
    const left = (await call<ProductDto>('GET', `/api/products/${productId}`)).body.countInStock;
    return left === initial - confirmed.length ? left : undefined;
  }, 30_000, `the stock to be ${initial - confirmed.length}`);
  return { orders, confirmed, stock };
}
