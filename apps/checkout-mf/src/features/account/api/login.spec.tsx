import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { aCustomer, renderHookWithClient } from '@shop/web-testing';
import { aCartItem } from '../../../testing/cart-items.js';
import { useLogin } from './login.js';

describe('useLogin', () => {
  it('keeps the signed-in user in the store, keeping the guest cart', async () => {
    const { result, store, calls } = renderHookWithClient(useLogin, { routes: { 'POST /api/users/login': { json: aCustomer } } });
    act(() => store.addToCart(aCartItem()));

    act(() => result.current.mutate({ email: 'jane@example.com', password: 'secret' }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(store.getState().userInfo).toEqual(aCustomer);
    expect(store.getState().cartItems).toHaveLength(1);
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/users/login', { email: 'jane@example.com', password: 'secret' }],
    ]);
  });

  it('clears the previous user when the request starts and keeps the error on failure', async () => {
    const { result, store } = renderHookWithClient(useLogin, {
      routes: {
        'POST /api/users/login': { status: 401, json: { message: 'Invalid email or password' } },
      },
    });
    act(() => store.signIn(aCustomer));

    act(() => result.current.mutate({ email: 'jane@example.com', password: 'wrong' }));

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Invalid email or password');
    expect(store.getState().userInfo).toBeNull();
  });
});
