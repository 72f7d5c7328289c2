import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import type { OrderStatus } from '@shop/contracts';
import { aCustomer, anOrder, renderHookWithClient } from '@shop/web-testing';
import { PENDING_ORDER_POLL_MS, useOrder } from './get-order.js';

/**
 * Lets fake time pass, then a few more ticks so the answers of fetches started on the way
 * (promises) reach React Query's batched notifications (timers) and the component.
 */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
  for (let tick = 0; tick < 5; tick += 1) {
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
  }
}

describe('useOrder', () => {
  it('waits while signed out, then reads the order by its encoded id', async () => {
    const { result, store, calls } = renderHookWithClient(() => useOrder('o/1'), { routes: { 'GET /api/orders/o%2F1': { json: anOrder() } } });
    expect(result.current.fetchStatus).toBe('idle');

    act(() => store.signIn(aCustomer));

    await waitFor(() => expect(result.current.data).toEqual(anOrder()));
    expect(calls.map((call) => [call.method, call.url])).toEqual([['GET', '/api/orders/o%2F1']]);
  });

  it('asks for nothing without an id', () => {
    const { result, store, calls } = renderHookWithClient(() => useOrder(undefined), { routes: {} });
    act(() => store.signIn(aCustomer));

    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });
});

describe('useOrder while the stock is being reserved', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('asks again every 2 s while the order is pending, and stops once it is confirmed', async () => {
    expect(PENDING_ORDER_POLL_MS).toBe(2_000);
    const answers: OrderStatus[] = ['pending', 'pending', 'confirmed'];
    const { result, calls, store } = renderHookWithClient(() => useOrder('o1'), {
      routes: {
        'GET /api/orders/o1': () => ({ json: anOrder({ status: answers.shift() ?? 'confirmed' }) }),
      },
    });
    act(() => store.signIn(aCustomer));
    await advance(0);
    expect(result.current.data?.status).toBe('pending');
    expect(calls).toHaveLength(1);

    await advance(PENDING_ORDER_POLL_MS);
    expect(calls).toHaveLength(2);

    await advance(PENDING_ORDER_POLL_MS);
    expect(calls).toHaveLength(3);
    expect(result.current.data?.status).toBe('confirmed');

    await advance(PENDING_ORDER_POLL_MS * 5);
    expect(calls).toHaveLength(3);
  });
});
