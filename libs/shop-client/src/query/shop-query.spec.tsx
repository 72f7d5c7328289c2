import { afterEach, describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { renderWithClient } from '../test-support/render-with-client.js';
import { fakeFetch } from '../test-support/fake-fetch.js';
import { createApiClient } from '../api/http.js';
import { forgetFirstAnswers, prefetchFirstAnswers } from './first-answers.js';
import { useShopMutation, useShopQuery } from './shop-query.js';
import { apiGet, callApi } from '../api/operations.js';
import { useShopClient } from './shop-client-provider.js';
import { useLogout } from './session.js';

afterEach(() => forgetFirstAnswers());

const top = [{ _id: 'p1', name: 'Phone' }];

describe('useShopQuery', () => {
  it('answers from a GET of the API, with its query parameters and the signed-in token', async () => {
    const { result, store, calls } = renderWithClient(
      () => useShopQuery({ queryKey: ['products', 'list'], get: apiGet('/api/products', { query: { keyword: 'pho', pageNumber: 2 } }) }),
      { 'GET /api/products': { json: top } },
    );
    await waitFor(() => expect(result.current.data).toEqual(top));
    expect(calls[0].url).toBe('/api/products?keyword=pho&pageNumber=2');
    expect(store.getState().userInfo).toBeNull();
    expect(calls[0].headers.get('Authorization')).toBeNull();
  });

  it('starts with the first answer fetched for its address, once, without asking again', async () => {
    const { fetch, calls } = fakeFetch({ 'GET /api/products/top': { json: top } });
    await prefetchFirstAnswers(createApiClient({ fetch }), ['/api/products/top']);
    expect(calls).toHaveLength(1);

    const rendered = renderWithClient(() => useShopQuery({ queryKey: ['products', 'top'], get: apiGet('/api/products/top') }), {
      'GET /api/products/top': { json: [] },
    });
    // In the first render already: no loading state.
    expect(rendered.result.current.data).toEqual(top);
    expect(rendered.result.current.isFetching).toBe(false);
    expect(rendered.calls).toHaveLength(0);

    // Handed out once: a query made afresh asks the API.
    const again = renderWithClient(() => useShopQuery({ queryKey: ['products', 'top'], get: apiGet('/api/products/top') }), {
      'GET /api/products/top': { json: [] },
    });
    await waitFor(() => expect(again.result.current.data).toEqual([]));
    expect(again.calls).toHaveLength(1);
  });

  it('keeps no first answer for a failed call, nor for an address outside the API', async () => {
    const { fetch, calls } = fakeFetch({ 'GET /api/products/top': { status: 500, json: { message: 'down' } } });
    await prefetchFirstAnswers(createApiClient({ fetch }), ['/api/products/top', 'https://elsewhere.example/api/x', '//elsewhere.example/api/x', '/uploads/a.jpg']);
    expect(calls.map((call) => call.url)).toEqual(['/api/products/top']);

    const rendered = renderWithClient(() => useShopQuery({ queryKey: ['products', 'top'], get: apiGet('/api/products/top') }), {
      'GET /api/products/top': { json: top },
    });
    expect(rendered.result.current.isPending).toBe(true);
    await waitFor(() => expect(rendered.result.current.data).toEqual(top));
  });

  it('does not ask while disabled', async () => {
    const { result, calls } = renderWithClient(() => useShopQuery({ queryKey: ['x'], get: apiGet('/api/config/paypal'), enabled: false }), {});
    await act(async () => undefined);
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });
});

describe('apiGet and callApi', () => {
  it('fill the path with its parameters, encoded, and send the query, body and headers given', async () => {
    expect(apiGet('/api/products/{id}', { params: { id: 'a b/c' } }).path).toBe('/api/products/a%20b%2Fc');
    const { fetch, calls } = fakeFetch({ 'PUT /api/orders/o%201/pay_status': { json: { _id: 'o 1' } } });
    const http = createApiClient({ fetch });
    await callApi(http, 'put', '/api/orders/{id}/pay_status', {
      params: { id: 'o 1' },
      body: { id: 'PAYPAL-1', status: 'COMPLETED', update_time: '2026-11-26T10:00:00Z', email_address: 'a@example.com' },
      headers: { 'Idempotency-Key': 'k1' },
    });
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/orders/o%201/pay_status', body: { id: 'PAYPAL-1' } });
    expect(calls[0].headers.get('Idempotency-Key')).toBe('k1');
  });
});

describe('useShopMutation', () => {
  it('runs the change with the page client and reports an API error with the server message', async () => {
    const { result } = renderWithClient(
      () => {
        const { http } = useShopClient();
        return useShopMutation({ mutationFn: (id: string) => callApi(http, 'delete', '/api/products/delete/{id}', { params: { id } }) });
      },
      { 'DELETE /api/products/delete/p1': { status: 404, json: { message: 'Product not found' } } },
    );
    await act(() => result.current.mutateAsync('p1').catch(() => undefined));
    // The mutation's state reaches the hook after the promise settles, on the observer's next notification.
    await waitFor(() => expect(result.current.error?.message).toBe('Product not found'));
  });
});

describe('useLogout', () => {
  const userInfo = { _id: 'u1', name: 'Ann', email: 'ann@example.com', isAdmin: false, token: 't1' };

  it('ends the session on the server with the token, then signs out here', async () => {
    const { result, store, calls } = renderWithClient(useLogout, { 'POST /api/users/logout': { status: 204 } });
    act(() => store.signIn(userInfo));
    await act(() => result.current());
    expect(calls[0].headers.get('Authorization')).toBe('Bearer t1');
    expect(store.getState().userInfo).toBeNull();
  });

  it('signs out here even when the server cannot be reached', async () => {
    const { result, store } = renderWithClient(useLogout, { 'POST /api/users/logout': { status: 503 } });
    act(() => store.signIn(userInfo));
    await act(() => result.current());
    expect(store.getState().userInfo).toBeNull();
  });
});
