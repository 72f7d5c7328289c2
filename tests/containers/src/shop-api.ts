import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually } from '@shop/testing';

export const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

/** An answer of the shop's API: its status, and its JSON body (or text) when it has one. */
export interface Answer<T> {
  status: number;
  body: T;
}

/** Calls the shop's API at `base` as a browser would (JSON body, bearer token); status 0 when no answer came. */
export async function callApi<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
  } catch {
    return { status: 0, body: undefined as T };
  }
}

/** Signs the admin in, makes a product with `stock` and signs `count` customers up; waits until orders knows the product. */
export async function prepareShop(base: string, admin: { email: string; password: string }, stock: number, count: number, name = 'Boxed lamp') {
  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(base, method, path, body, token);
  const signedIn = await eventually(async () => {
    const answer = await call<UserInfoDto>('POST', '/api/users/login', admin);
    return answer.status === 200 ? answer.body : undefined;
  }, 60_000, 'the admin signed in');
  const sample = await call<ProductDto>('POST', '/api/products', undefined, signedIn.token);
  if (sample.status !== 201) throw new Error(`making a product answered ${sample.status}: ${JSON.stringify(sample.body)}`);
  const edit = { name, price: 20, image: '/uploads/sample.svg', brand: 'Test', category: 'Test', countInStock: stock, description: 'Shipped in a box.' };
  const product = (await call<ProductDto>('PUT', `/api/products/${sample.body._id}`, edit, signedIn.token)).body;
  const tokens: string[] = [];
  for (let n = 0; n < count; n++) {
    const signedUp = await call<UserInfoDto>('POST', '/api/users', { name: `Customer ${n}`, email: `boxed-${n}-${Date.now()}@example.com`, password: 'customer-secret' });
    if (signedUp.status !== 201) throw new Error(`sign-up answered ${signedUp.status}: ${JSON.stringify(signedUp.body)}`);
    tokens.push(signedUp.body.token);
  }
  const order = { orderItems: [{ product: product._id, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };
  let last: Answer<unknown> | undefined;
  const first = await eventually(async () => {
    const answer = await call<OrderDto>('POST', '/api/orders', order, tokens[0]);
    last = answer;
    return answer.status === 201 ? answer.body : undefined;
  }, 60_000, 'orders to know the product').catch((error: unknown) => {
    throw new Error(`${String(error)}; the last answer: ${last?.status} ${JSON.stringify(last?.body)}`, { cause: error });
  });
  return { adminToken: signedIn.token, product, tokens, order, firstOrder: first };
}

/** One request of the load, and how it ended, in the phase it ended in. */
export interface Outcome {
  phase: string;
  request: string;
  /** The HTTP status; 0 when no answer came. */
  status: number;
}

/**
 * Customers ordering and browsing without pause (each: place an order, look at the product, at their
 * orders, at their profile, 100 ms, again), as the chaos test's customers do, until `stop()`; every
 * request's outcome kept under the phase `phase()` named when it ended.
 */
export function startCustomers(base: string, tokens: string[], productId: string, order: unknown, phase: () => string) {
  let running = true;
  const outcomes: Outcome[] = [];
  const attempt = async (request: string, method: string, path: string, body?: unknown, token?: string) => {
    const { status } = await callApi(base, method, path, body, token);
    outcomes.push({ phase: phase(), request, status });
  };
  const loops = tokens.map(async (token) => {
    while (running) {
      await attempt('POST /api/orders', 'POST', '/api/orders', order, token);
      await attempt('GET /api/products/:id', 'GET', `/api/products/${productId}`);
      await attempt('GET /api/orders/mine', 'GET', '/api/orders/mine', undefined, token);
      await attempt('GET /api/users/profile', 'GET', '/api/users/profile', undefined, token);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return {
    outcomes,
    async stop(): Promise<Outcome[]> {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

export const failed = (outcome: Outcome) => outcome.status === 0 || outcome.status >= 500;

/** Per phase: requests, and the failed ones by request and status. */
export function summaryOf(outcomes: Outcome[]): string {
  const phases = [...new Set(outcomes.map((outcome) => outcome.phase))];
  return phases
    .map((phase) => {
      const inPhase = outcomes.filter((outcome) => outcome.phase === phase);
      const failures = new Map<string, number>();
      for (const outcome of inPhase.filter(failed)) failures.set(`${outcome.request} ${outcome.status}`, (failures.get(`${outcome.request} ${outcome.status}`) ?? 0) + 1);
      const detail = [...failures].map(([what, count]) => `${what} x${count}`).join(', ');
      return `  ${phase.padEnd(24)} ${String(inPhase.length).padStart(5)} requests, ${inPhase.filter(failed).length} failed${detail ? `: ${detail}` : ''}`;
    })
    .join('\n');
}
