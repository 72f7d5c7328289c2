import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { renderHookWithClient } from '@shop/web-testing';
import { useRequestPasswordReset } from './request-password-reset.js';

describe('useRequestPasswordReset', () => {
  it('posts the email and keeps the answer', async () => {
    const message = 'If an account exists for this email, we have sent it a link to reset its password.';
    const { result, calls } = renderHookWithClient(useRequestPasswordReset, { routes: { 'POST /api/users/password-reset': { status: 202, json: { message } } } });

    act(() => result.current.mutate('jane@example.com'));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ message });
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([['POST', '/api/users/password-reset', { email: 'jane@example.com' }]]);
  });
});
