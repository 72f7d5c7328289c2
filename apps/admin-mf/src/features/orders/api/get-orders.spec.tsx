import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { anAdmin, anOrder, renderHookWithClient } from '@shop/web-testing';
import { useOrders } from './get-orders.js';

describe('useOrders', () => {
  it('waits while signed out, then reads the page it is asked for, each page its own query', async () => {
    const list = { orders: [anOrder()], page: 2, pages: 3 };
    const { result, store, calls, queryClient } = renderHookWithClient(() => useOrders({ pageNumber: 2 }), { routes: { 'GET /api/orders': { json: list } } });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);

    act(() => store.signIn(anAdmin));

    await waitFor(() => expect(result.current.data).toEqual(list));
    expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=2']);
    expect(queryClient.getQueryData(shopKeys.orders.list({ pageNumber: 2 }))).toEqual(list);
    expect(queryClient.getQueryData(shopKeys.orders.list({ pageNumber: 1 }))).toBeUndefined();
  });

  it('reads page 1 by default', async () => {
    const { result, store, calls } = renderHookWithClient(() => useOrders(), { routes: { 'GET /api/orders': { json: { orders: [], page: 1, pages: 0 } } } });
    act(() => store.signIn(anAdmin));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls[0].url).toBe('/api/orders?pageNumber=1');
  });
});
