/** What a person does with the shop, as calls through the gateway (and PayPal's side through the stand-in). */
import type { OrderDto, ProductDetailDto, ProductDto, ProductListDto, UserInfoDto } from '@shop/contracts';
import type { Answer, ShopClient } from './http.js';
import { sleep } from './stats.js';

export const SHIPPING = { address: '1 Bench Street', city: 'Loadville', postalCode: '12345', country: 'USA' };

/**
 * How long the placement call may wait for the order's outcome (RFC 7240 `Prefer: wait`), as the
 * shop's front end asks; a shop that ignores it answers at once with a pending order.
 */
export const PLACEMENT_WAIT_SECONDS = 5;
/** How often a pending order is asked again. */
export const PENDING_POLL_MS = 100;

/** Every product of the catalog (all pages). */
export async function allProducts(client: ShopClient): Promise<ProductDto[]> {
  const first = await client.expect<ProductListDto>(200, 'GET', '/api/products');
  const products = [...first.products];
  for (let page = 2; page <= first.pages; page++) {
    products.push(...(await client.expect<ProductListDto>(200, 'GET', `/api/products?pageNumber=${page}`)).products);
  }
  return products;
}

/** Gives every product `count` units, so that a benchmark's orders are confirmed rather than refused. */
export async function stockUp(client: ShopClient, adminToken: string, count: number): Promise<ProductDto[]> {
  const products = await allProducts(client);
  for (const product of products) {
    const detail = await client.expect<ProductDetailDto>(200, 'GET', `/api/products/${product._id}`);
    const { name, price, image, brand, category, description } = detail;
    await client.expect(200, 'PUT', `/api/products/${product._id}`, {
      token: adminToken,
      body: { name, price, image, brand, category, description, countInStock: count },
    });
  }
  return allProducts(client);
}

export async function signIn(client: ShopClient, email: string, password: string): Promise<UserInfoDto> {
  return client.expect<UserInfoDto>(200, 'POST', '/api/users/login', { body: { email, password } });
}

/**
 * Registers `count` customers, `concurrency` at a time, customer n through `clientOf(n)` (give each one
 * a client from an address of its own: the users service lets one address create only
 * SIGN_UP_MAX_PER_ADDRESS accounts an hour); answers their sign-in info.
 */
export async function registerCustomers(clientOf: (n: number) => ShopClient, tag: string, count: number, concurrency = 8): Promise<UserInfoDto[]> {
  const customers: UserInfoDto[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        customers[n] = await clientOf(n).expect<UserInfoDto>(201, 'POST', '/api/users', {
          body: { name: `Bench Customer ${n}`, email: `${tag}-${n}@example.com`, password: `bench-secret-${n}` },
        });
      }
    }),
  );
  return customers;
}

export interface PlacedOrder {
  order?: OrderDto;
  /** From sending the order to knowing its outcome (confirmed or cancelled), in ms. */
  settledMs?: number;
  /** How long the placement call (POST) took, in ms. */
  postMs: number;
  /** How many times it was asked again while pending. */
  polls: number;
  /** How many of those reads answered it settled (the orders service reads a settled order from its database). */
  settledReads: number;
}

export interface PlaceOptions {
  quantity?: number;
  /** Ask the placement to wait for the outcome (Prefer: wait), as the shop's front end does; default true. */
  wait?: boolean;
  /** How often a pending order is asked again (default PENDING_POLL_MS). */
  pollMs?: number;
  /** Stop asking after this long (default 30 s); the order is then answered as still pending. */
  giveUpMs?: number;
}

/**
 * Places a one-line order and waits for its outcome: the placement call may wait for it (Prefer:
 * wait); a pending answer is asked again every `pollMs` until it is no longer pending or `giveUpMs`
 * has passed.
 */
export async function placeOrder(client: ShopClient, token: string, productId: string, options: PlaceOptions = {}): Promise<PlacedOrder> {
  const { quantity = 1, wait = true, pollMs = PENDING_POLL_MS, giveUpMs = 30_000 } = options;
  const started = performance.now();
  const placed = await client.call<OrderDto>('POST', '/api/orders', {
    token,
    name: 'POST /api/orders',
    headers: wait ? { prefer: `wait=${PLACEMENT_WAIT_SECONDS}` } : {},
    body: { orderItems: [{ product: productId, quantity }], shippingAddress: SHIPPING, paymentGateway: 'PayPal' },
  });
  const postMs = placed.ms;
  if (placed.status !== 201) return { postMs, polls: 0, settledReads: 0 };
  let order = placed.body;
  let polls = 0;
  let settledReads = 0;
  while (order.status === 'pending') {
    if (performance.now() - started > giveUpMs) return { order, postMs, polls, settledReads };
    await sleep(pollMs);
    polls++;
    const again = await client.call<OrderDto>('GET', `/api/orders/${order._id}`, { token, name: 'GET /api/orders/{id}' });
    if (again.status === 200) order = again.body;
    if (order.status !== 'pending') settledReads++;
  }
  return { order, settledMs: performance.now() - started, postMs, polls, settledReads };
}

/**
 * Pays a confirmed order as the shop's PayPal button does: the shop opens the PayPal order for it
 * (`createOrder`), the buyer approves it in PayPal's window (the stand-in's approve call), and the
 * shop captures it when told (`onApprove` → pay_status). Answers the pay_status answer.
 */
export async function payWithStandIn(client: ShopClient, paypal: ShopClient, token: string, orderId: string): Promise<Answer<OrderDto>> {
  const opened = await client.expect<{ id: string }>(201, 'POST', `/api/orders/${orderId}/paypal`, {
    token,
    name: 'POST /api/orders/{id}/paypal',
  });
  await paypal.expect(200, 'POST', `/stand-in/orders/${opened.id}/approve`, { name: 'paypal: approve', body: {} });
  return client.call<OrderDto>('PUT', `/api/orders/${orderId}/pay_status`, {
    name: 'PUT /api/orders/{id}/pay_status',
    token,
    body: { id: opened.id },
  });
}
