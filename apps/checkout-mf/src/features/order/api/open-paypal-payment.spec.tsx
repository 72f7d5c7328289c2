import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { aCustomer, anOrder, renderHookWithClient } from '@shop/web-testing';
import { useOrder } from './get-order.js';
import { useOpenPayPalPayment } from './open-paypal-payment.js';

describe('useOpenPayPalPayment', () => {
  it("asks the shop to open the order's payment and answers PayPal's order id", async () => {
    const { result, store, calls } = renderHookWithClient(() => useOpenPayPalPayment('o1'), { routes: { 'POST /api/orders/o1/paypal': { status: 201, json: { id: 'PAYPAL-1' } } } });
    act(() => store.signIn(aCustomer));

    await expect(result.current.mutateAsync()).resolves.toBe('PAYPAL-1');

    // The browser states no amount: the server prices the order.
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([['POST', '/api/orders/o1/paypal', {}]]);
  });

  it('reads the order again when the shop refuses, since the page showed an old state of it', async () => {
    let reads = 0;
    const { result, store } = renderHookWithClient(() => ({ order: useOrder('o1'), open: useOpenPayPalPayment('o1') }), {
      routes: {
        'GET /api/orders/o1': () => ({ json: ++reads === 1 ? anOrder() : anOrder({ status: 'cancelled', cancelReason: 'The time to pay ran out' }) }),
        'POST /api/orders/o1/paypal': { status: 409, json: { message: 'This order can no longer be paid' } },
      },
    });
    act(() => store.signIn(aCustomer));
    await waitFor(() => expect(result.current.order.data?.status).toBe('confirmed'));

    await act(() => result.current.open.mutateAsync().catch(() => undefined));

    await waitFor(() => expect(result.current.order.data?.status).toBe('cancelled'));
    expect(result.current.open.error?.message).toBe('This order can no longer be paid');
  });
});
