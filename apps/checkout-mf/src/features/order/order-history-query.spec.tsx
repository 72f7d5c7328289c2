/** The shared hook (libs/shop-client, query/order-history.ts) as checkout's timeline uses it: libs/shop-client cannot use @shop/web-testing, which is built on it. */
import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import type { OrderEventDto } from '@shop/contracts';
import { aCustomer, anOrder, renderHookWithClient } from '@shop/web-testing';
import { ORDER_HISTORY_PAGE_SIZE, useOrderHistory, type OrderProgress } from '@shop/shop-client';

const placed: OrderEventDto = { _id: 'e1', type: 'placed', at: '2026-11-20T09:30:00.000Z', state: 'awaiting-stock', actor: { kind: 'buyer' } };
const reserved: OrderEventDto = { _id: 'e2', type: 'stock-reserved', at: '2026-11-20T09:30:02.000Z', state: 'awaiting-payment', actor: { kind: 'shop' } };

describe('useOrderHistory', () => {
  it('waits while signed out, then reads the whole history in one page of 100 steps', async () => {
    expect(ORDER_HISTORY_PAGE_SIZE).toBe(100);
    const { result, store, calls } = renderHookWithClient(() => useOrderHistory('o/1', anOrder()), {
      routes: { 'GET /api/orders/o%2F1/history': { json: [placed, reserved] } },
    });
    expect(result.current.fetchStatus).toBe('idle');

    act(() => store.signIn(aCustomer));

    await waitFor(() => expect(result.current.data).toEqual([placed, reserved]));
    expect(calls.map((call) => [call.method, call.url])).toEqual([['GET', '/api/orders/o%2F1/history?pageNumber=1&pageSize=100']]);
  });

  it('asks for nothing without an id', () => {
    const { result, calls } = renderHookWithClient(() => useOrderHistory('', anOrder()), { routes: {}, user: aCustomer });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });

  it('reads the history again when the order moves on, keeping the steps shown until the new ones arrive', async () => {
    let answer: OrderEventDto[] = [placed];
    let order: OrderProgress = anOrder({ status: 'pending' });
    const { result, calls, rerender } = renderHookWithClient(() => useOrderHistory('o1', order), {
      routes: { 'GET /api/orders/o1/history': () => ({ json: answer }) },
      user: aCustomer,
    });
    await waitFor(() => expect(result.current.data).toEqual([placed]));

    // The poll answered the same order again: nothing new to read.
    order = anOrder({ status: 'pending' });
    rerender();
    expect(calls).toHaveLength(1);

    answer = [placed, reserved];
    order = anOrder({ status: 'confirmed' });
    rerender();
    expect(result.current.data).toEqual([placed]);
    await waitFor(() => expect(result.current.data).toEqual([placed, reserved]));
    expect(calls).toHaveLength(2);

    order = anOrder({ status: 'confirmed', isPaid: true });
    rerender();
    await waitFor(() => expect(calls).toHaveLength(3));
  });

  it("gives the server's error when the history cannot be read", async () => {
    const { result } = renderHookWithClient(() => useOrderHistory('o1', anOrder()), {
      routes: { 'GET /api/orders/o1/history': { status: 404, json: { message: 'Order not found' } } },
      user: aCustomer,
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Order not found');
    expect(result.current.data).toBeUndefined();
  });
});
