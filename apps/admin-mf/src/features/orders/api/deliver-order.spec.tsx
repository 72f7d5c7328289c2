import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { apiGet, shopKeys, useShopQuery } from '@shop/shop-client';
import { anAdmin, anOrder, aProfile, renderHookWithClient } from '@shop/web-testing';
import { useDeliverOrder } from './deliver-order.js';

const delivered = anOrder({ isPaid: true, paidAt: '2026-11-23T10:05:00.000Z', isDelivered: true, deliveredAt: '2026-11-24T09:00:00.000Z' });

/** The order as the page showing it (checkout's order page) reads it: the same query key. */
function useShownOrder(id: string) {
  return useShopQuery({ queryKey: shopKeys.orders.detail(id), get: apiGet('/api/orders/{id}', { params: { id } }) });
}

describe('useDeliverOrder', () => {
  it('marks the order delivered and the page showing it shows it so', async () => {
    let isDelivered = false;
    const { result, store, calls } = renderHookWithClient(() => ({ order: useShownOrder('o1'), deliver: useDeliverOrder('o1') }), {
      routes: {
        'GET /api/orders/o1': () => ({ json: isDelivered ? delivered : { ...delivered, isDelivered: false, deliveredAt: undefined } }),
        'PUT /api/orders/o1/delivery_status': () => {
          isDelivered = true;
          return { json: delivered };
        },
      },
    });
    act(() => store.signIn(anAdmin));
    await waitFor(() => expect(result.current.order.data?.isDelivered).toBe(false));

    await act(() => result.current.deliver.mutateAsync());

    await waitFor(() => expect(result.current.order.data?.deliveredAt).toBe(delivered.deliveredAt));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ url: '/api/orders/o1/delivery_status', body: {} });
    expect(calls.find((call) => call.method === 'PUT')?.headers.get('Authorization')).toBe(`Bearer ${anAdmin.token}`);
  });

  it("marks the order lists and the profile's orders stale, so they show it delivered when read", async () => {
    const { result, store, queryClient } = renderHookWithClient(() => useDeliverOrder('o1'), { routes: { 'PUT /api/orders/o1/delivery_status': { json: delivered } } });
    act(() => store.signIn(anAdmin));
    queryClient.setQueryData(shopKeys.orders.list({ pageNumber: 1 }), { orders: [anOrder()], page: 1, pages: 1 });
    queryClient.setQueryData(shopKeys.users.profile(), aProfile());

    await act(() => result.current.mutateAsync());

    expect(queryClient.getQueryData(shopKeys.orders.detail('o1'))).toEqual(delivered);
    expect(queryClient.getQueryState(shopKeys.orders.list({ pageNumber: 1 }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(shopKeys.users.profile())?.isInvalidated).toBe(true);
  });
});
