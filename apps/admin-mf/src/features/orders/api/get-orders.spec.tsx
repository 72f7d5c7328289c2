import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { anAdmin, anOrder, listReply, renderHookWithClient } from '@shop/web-testing';
import { useOrders } from './get-orders.js';

describe('useOrders', () => {
  it('waits while signed out, then reads the page it is asked for, each page its own query', async () => {
    const order = anOrder();
    const list = { rows: [order], total: 41, pages: 3 };
    const { result, store, calls, queryClient } = renderHookWithClient(() => useOrders({ pageNumber: 2 }), {
      routes: { 'GET /api/orders': listReply([order], { total: 41, pages: 3 }) },
    });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);

    act(() => store.signIn(anAdmin));

    await waitFor(() => expect(result.current.data).toEqual(list));
    expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=2']);
    expect(queryClient.getQueryData(shopKeys.orders.list({ pageNumber: 2 }))).toEqual(list);
    expect(queryClient.getQueryData(shopKeys.orders.list({ pageNumber: 1 }))).toBeUndefined();
  });

  it('asks for the search, sort and filters it is given, each view its own query', async () => {
    const { result, store, calls, queryClient } = renderHookWithClient(
      () => useOrders({ pageNumber: 1, search: 'ann', sort: 'totalPrice', direction: 'desc', paid: false, from: '2026-11-01' }),
      { routes: { 'GET /api/orders': listReply([], { total: 0 }) } },
    );
    act(() => store.signIn(anAdmin));
    await waitFor(() => expect(result.current.data).toEqual({ rows: [], total: 0, pages: 0 }));
    expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=1&search=ann&sort=totalPrice&direction=desc&paid=false&from=2026-11-01']);
    expect(queryClient.getQueryData(shopKeys.orders.list({ pageNumber: 1 }))).toBeUndefined();
  });

  it('asks for the orders in one state with state=', async () => {
    const { result, store, calls } = renderHookWithClient(() => useOrders({ pageNumber: 1, state: 'awaiting-payment' }), {
      routes: { 'GET /api/orders': listReply([]) },
    });
    act(() => store.signIn(anAdmin));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls.map((call) => call.url)).toEqual(['/api/orders?pageNumber=1&state=awaiting-payment']);
  });

  it('reads page 1 by default', async () => {
    const { result, store, calls } = renderHookWithClient(() => useOrders(), { routes: { 'GET /api/orders': listReply([]) } });
    act(() => store.signIn(anAdmin));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls[0].url).toBe('/api/orders?pageNumber=1');
  });
});
