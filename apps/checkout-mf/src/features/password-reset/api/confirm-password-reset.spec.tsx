import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { aCustomer, renderHookWithClient } from '@shop/web-testing';
import { aCartItem } from '../../../testing/cart-items.js';
import { useConfirmPasswordReset } from './confirm-password-reset.js';

describe('useConfirmPasswordReset', () => {
  it('posts the token and the new password, and forgets a session of this page (it has ended), keeping the cart', async () => {
    const { result, store, calls } = renderHookWithClient(useConfirmPasswordReset, {
      routes: { 'POST /api/users/password-reset/confirm': { json: { message: 'Your password has been reset.' } } },
    });
    act(() => {
      store.signIn(aCustomer);
      store.addToCart(aCartItem());
    });

    act(() => result.current.mutate({ token: 'a-token-of-the-mail-0123456789', password: 'new-secret-1' }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/users/password-reset/confirm', { token: 'a-token-of-the-mail-0123456789', password: 'new-secret-1' }],
    ]);
    expect(store.getState().userInfo).toBeNull();
    expect(store.getState().cartItems).toHaveLength(1);
  });

  it("keeps the server's message when the link cannot be used", async () => {
    const message = 'This password reset link is invalid, has expired or was already used. Please ask for a new one.';
    const { result } = renderHookWithClient(useConfirmPasswordReset, { routes: { 'POST /api/users/password-reset/confirm': { status: 400, json: { message } } } });

    act(() => result.current.mutate({ token: 'used-token-0123456789abcdef', password: 'new-secret-1' }));

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe(message);
  });
});
