import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { aCustomer, anOrder, aProfile, renderHookWithClient } from '@shop/web-testing';
import { useOrder } from './get-order.js';
import { usePayOrder } from './pay-order.js';

const paid = anOrder({ isPaid: true, paidAt: '2026-11-23T10:05:00.000Z' });
const capture = { id: 'CAP-1', status: 'COMPLETED', update_time: '2026-11-23T10:05:00Z', payer: { email_address: 'jane@example.com' } };

describe('usePayOrder', () => {
  it('sends the capture result and shows the order as paid', async () => {
    let isPaid = false;
    const { result, store, calls } = renderHookWithClient(() => ({ order: useOrder('o1'), pay: usePayOrder('o1') }), {
      routes: {
        'GET /api/orders/o1': () => ({ json: isPaid ? paid : anOrder() }),
        'PUT /api/orders/o1/pay_status': () => {
          isPaid = true;
          return { json: paid };
        },
      },
    });
    act(() => store.signIn(aCustomer));
    await waitFor(() => expect(result.current.order.data?.isPaid).toBe(false));

    await act(() => result.current.pay.mutateAsync(capture));

    await waitFor(() => expect(result.current.order.data?.paidAt).toBe(paid.paidAt));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/orders/o1/pay_status', body: capture });
    expect(put?.headers.get('Prefer')).toBeNull();
  });

  it("marks the order lists and the profile's orders stale, so they show it paid when read", async () => {
    const { result, store, queryClient } = renderHookWithClient(() => usePayOrder('o1'), { routes: { 'PUT /api/orders/o1/pay_status': { json: paid } } });
    act(() => store.signIn(aCustomer));
    queryClient.setQueryData(shopKeys.orders.list({ pageNumber: 1 }), { orders: [anOrder()], page: 1, pages: 1 });
    queryClient.setQueryData(shopKeys.users.profile(), aProfile({ orderList: [anOrder()] }));

    await act(() => result.current.mutateAsync(capture));

    expect(queryClient.getQueryData(shopKeys.orders.detail('o1'))).toEqual(paid);
    expect(queryClient.getQueryState(shopKeys.orders.list({ pageNumber: 1 }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(shopKeys.users.profile())?.isInvalidated).toBe(true);
  });
});
