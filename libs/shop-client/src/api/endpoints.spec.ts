import { describe, expect, it } from '@jest/globals';
import { fakeFetch, type FakeRoutes } from '../test-support/fake-fetch.js';
import { createShopApi, type ShopApi } from './endpoints.js';
import { createApiClient } from './http.js';

function apiWith(routes: FakeRoutes) {
  const { fetch, calls } = fakeFetch(routes);
  return { api: createShopApi(createApiClient({ fetch, getToken: () => 'tok' })), calls };
}

const order = { _id: 'o1' };

/** A call of the API, its method and path, and the JSON body it should send. */
type CallCase = [name: string, call: (api: ShopApi) => Promise<unknown>, method: string, path: string, body: unknown];

describe('createShopApi', () => {
  it('lists products with an encoded, trimmed keyword and the page number', async () => {
    const { api, calls } = apiWith({ 'GET /api/products': { json: { products: [], page: 2, pages: 3 } } });
    await expect(api.products.list({ keyword: ' iphone & case ', pageNumber: 2 })).resolves.toEqual({ products: [], page: 2, pages: 3 });
    expect(calls[0].url).toBe('/api/products?keyword=iphone+%26+case&pageNumber=2');
  });

  it('lists the first page without a keyword by default', async () => {
    const { api, calls } = apiWith({ 'GET /api/products': { json: { products: [], page: 1, pages: 1 } } });
    await api.products.list();
    expect(calls[0].url).toBe('/api/products?pageNumber=1');
  });

  it.each([
    ['top products', (api) => api.products.top(), 'GET', '/api/products/top', undefined],
    ['a product', (api) => api.products.detail('p1'), 'GET', '/api/products/p1', undefined],
    ['a review', (api) => api.products.createReview('p1', { rating: 5, comment: 'Great' }), 'PUT', '/api/products/p1/reviews', { rating: 5, comment: 'Great' }],
    ['a new product', (api) => api.products.create(), 'POST', '/api/products', {}],
    ['a product delete', (api) => api.products.delete('p1'), 'DELETE', '/api/products/delete/p1', undefined],
    ['a login', (api) => api.users.login({ email: 'a@b.c', password: 'pw' }), 'POST', '/api/users/login', { email: 'a@b.c', password: 'pw' }],
    ['a registration', (api) => api.users.register({ name: 'A', email: 'a@b.c', password: 'pw' }), 'POST', '/api/users', { name: 'A', email: 'a@b.c', password: 'pw' }],
    ['the profile', (api) => api.users.profile(), 'GET', '/api/users/profile', undefined],
    ['a profile update', (api) => api.users.updateProfile({ name: 'A', email: 'a@b.c', password: 'new' }), 'PUT', '/api/users/profile', { name: 'A', email: 'a@b.c', password: 'new' }],
    ['the first page of users', (api) => api.users.list(), 'GET', '/api/users?pageNumber=1', undefined],
    ['a page of users', (api) => api.users.list({ pageNumber: 3 }), 'GET', '/api/users?pageNumber=3', undefined],
    ['a user', (api) => api.users.detail('u1'), 'GET', '/api/users/u1', undefined],
    ['a user update', (api) => api.users.update('u1', { name: 'B', email: 'b@c.d', isAdmin: true }), 'PUT', '/api/users/u1', { _id: 'u1', name: 'B', email: 'b@c.d', isAdmin: true }],
    ['a user delete', (api) => api.users.delete('u1'), 'DELETE', '/api/users/u1', undefined],
    ['an order', (api) => api.orders.detail('o1'), 'GET', '/api/orders/o1', undefined],
    ['my orders', (api) => api.orders.mine(), 'GET', '/api/orders/mine', undefined],
    ['the first page of orders', (api) => api.orders.list(), 'GET', '/api/orders?pageNumber=1', undefined],
    ['a page of orders', (api) => api.orders.list({ pageNumber: 2 }), 'GET', '/api/orders?pageNumber=2', undefined],
    ['a delivery', (api) => api.orders.deliver('o1'), 'PUT', '/api/orders/o1/delivery_status', {}],
    ['the PayPal config', (api) => api.config.paypal(), 'GET', '/api/config/paypal', undefined],
  ] satisfies CallCase[])('calls %s', async (_name, call, method, path, body) => {
    const { api, calls } = apiWith({ [`${method} ${path.split('?')[0]}`]: { json: order } });
    await call(api);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method, url: path });
    expect(calls[0].body).toEqual(body);
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it("sends a product update with the path's id as _id", async () => {
    const { api, calls } = apiWith({ 'PUT /api/products/p1': { json: {} } });
    const product = { name: 'N', price: 9.99, image: '/i.png', brand: 'B', category: 'C', countInStock: 3, description: 'D' };
    await api.products.update('p1', product);
    expect(calls[0].body).toEqual({ ...product, _id: 'p1' });
  });

  it('leaves an empty password out of a profile update, keeping the current one', async () => {
    const { api, calls } = apiWith({ 'PUT /api/users/profile': { json: {} } });
    await api.users.updateProfile({ name: 'A', email: 'a@b.c', password: '' });
    expect(calls[0].body).toEqual({ name: 'A', email: 'a@b.c' });
  });

  it('uploads an image as the multipart field "image" and answers its path', async () => {
    const { api, calls } = apiWith({ 'POST /api/upload': { status: 201, text: '/uploads/x.png' } });
    const file = new Blob(['png'], { type: 'image/png' });
    await expect(api.products.uploadImage(file)).resolves.toBe('/uploads/x.png');
    expect(calls[0].body).toBeInstanceOf(FormData);
    expect((calls[0].body as FormData).get('image')).toBeInstanceOf(Blob);
  });

  it('creates an order and pays it with the capture result', async () => {
    const { api, calls } = apiWith({ 'POST /api/orders': { status: 201, json: order }, 'PUT /api/orders/o1/pay_status': { json: order } });
    const input = {
      orderItems: [{ product: 'p1', quantity: 2 }],
      shippingAddress: { address: '1 Main St', city: 'Town', postalCode: '123', country: 'US' },
      paymentGateway: 'PayPal' as const,
    };
    await api.orders.create(input);
    const capture = { id: 'cap', status: 'COMPLETED', update_time: '2026-01-01T00:00:00Z', payer: { email_address: 'a@b.c' } };
    await api.orders.pay('o1', capture);
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/orders', input],
      ['PUT', '/api/orders/o1/pay_status', capture],
    ]);
    // The placement waits briefly for the stock's answer rather than the page asking again and again.
    expect(calls[0].headers.get('Prefer')).toBe('wait=5');
    expect(calls[1].headers.get('Prefer')).toBeNull();
  });

  it('encodes ids in paths', async () => {
    const { api, calls } = apiWith({});
    await api.products.detail('a/b').catch(() => undefined);
    expect(calls[0].url).toBe('/api/products/a%2Fb');
  });
});
