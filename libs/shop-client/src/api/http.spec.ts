import { describe, expect, it, jest } from '@jest/globals';
import { fakeFetch, fakeResponse } from '../test-support/fake-fetch.js';
import { ApiError, createApiClient } from './http.js';

describe('createApiClient', () => {
  it('sends JSON bodies with the bearer token and reads JSON answers', async () => {
    const { fetch, calls } = fakeFetch({ 'POST /api/orders': { status: 201, json: { _id: 'o1' } } });
    const client = createApiClient({ fetch, getToken: () => 'tok-1' });

    await expect(client.request('/api/orders', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ _id: 'o1' });

    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok-1');
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(calls[0].body).toEqual({ a: 1 });
  });

  it('sends no Authorization header when signed out', async () => {
    const { fetch, calls } = fakeFetch({ 'GET /api/products/top': { json: [] } });
    await createApiClient({ fetch, getToken: () => null }).request('/api/products/top');
    expect(calls[0].headers.has('Authorization')).toBe(false);
  });

  it('prefixes the base URL and leaves empty query values out', async () => {
    const { fetch, calls } = fakeFetch({ 'GET http://shop.test/api/products': { json: {} } });
    await createApiClient({ fetch, baseUrl: 'http://shop.test' }).request('/api/products', {
      query: { keyword: '', pageNumber: 2, other: undefined },
    });
    expect(calls[0].url).toBe('http://shop.test/api/products?pageNumber=2');
  });

  it('answers text for a text answer, such as an uploaded image path', async () => {
    const { fetch } = fakeFetch({ 'POST /api/upload': { status: 201, text: '/uploads/a.png' } });
    await expect(createApiClient({ fetch }).request('/api/upload', { method: 'POST' })).resolves.toBe('/uploads/a.png');
  });

  it("throws the server's message when the error body has one", async () => {
    const { fetch } = fakeFetch({ 'GET /api/products/x': { status: 404, statusText: 'Not Found', json: { message: 'Product not found' } } });
    const failure = createApiClient({ fetch }).request('/api/products/x');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'Product not found' });
  });

  it("throws the request's status text when the server sent no message", async () => {
    const { fetch } = fakeFetch({ 'GET /api/users': { status: 502, statusText: 'Bad Gateway', text: '<html>' } });
    await expect(createApiClient({ fetch }).request('/api/users')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('names the status when there is neither a message nor a status text', async () => {
    const { fetch } = fakeFetch({ 'GET /api/users': { status: 500 } });
    await expect(createApiClient({ fetch }).request('/api/users')).rejects.toThrow('Request failed with status code 500');
  });

  it("throws the request's own message when no answer came", async () => {
    const fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    await expect(createApiClient({ fetch }).request('/api/products')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  it('signs out on a 401 to a call that carried a token', async () => {
    const onUnauthorized = jest.fn();
    const { fetch } = fakeFetch({ 'GET /api/users/profile': { status: 401, json: { message: 'Not authorized, token failed' } } });
    const client = createApiClient({ fetch, getToken: () => 'expired', onUnauthorized });

    await expect(client.request('/api/users/profile')).rejects.toThrow('Not authorized, token failed');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not sign out on a 401 without a token (a wrong password on sign-in)', async () => {
    const onUnauthorized = jest.fn();
    const { fetch } = fakeFetch({ 'POST /api/users/login': { status: 401, json: { message: 'Invalid email or password' } } });
    const client = createApiClient({ fetch, getToken: () => undefined, onUnauthorized });

    await expect(client.request('/api/users/login', { method: 'POST', body: {} })).rejects.toThrow('Invalid email or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends FormData as it is, leaving the multipart header to the browser', async () => {
    const fetch = jest.fn(async () => fakeResponse({ text: '/uploads/b.png' })) as unknown as typeof globalThis.fetch;
    const form = new FormData();
    await createApiClient({ fetch }).request('/api/upload', { method: 'POST', body: form });
    const init = (fetch as unknown as jest.Mock).mock.calls[0][1] as RequestInit;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });
});
