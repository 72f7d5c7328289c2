import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { aCustomer, anAdmin, renderHookWithClient } from '@shop/web-testing';
import { useRegister } from './register.js';

describe('useRegister', () => {
  it('creates the account and signs the new user in', async () => {
    const { result, store, calls } = renderHookWithClient(useRegister, { routes: { 'POST /api/users': { status: 201, json: aCustomer } } });

    act(() => result.current.mutate({ name: 'Jane Doe', email: 'jane@example.com', password: 'secret' }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(store.getState().userInfo).toEqual(aCustomer);
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/users', { name: 'Jane Doe', email: 'jane@example.com', password: 'secret' }],
    ]);
  });

  it('clears the previous user when the request starts and keeps the error on failure', async () => {
    const { result, store } = renderHookWithClient(useRegister, { routes: { 'POST /api/users': { status: 400, json: { message: 'User already exists' } } } });
    act(() => store.signIn(anAdmin));

    act(() => result.current.mutate({ name: 'Jane Doe', email: 'jane@example.com', password: 'secret' }));

    await waitFor(() => expect(result.current.error?.message).toBe('User already exists'));
    expect(store.getState().userInfo).toBeNull();
  });
});
