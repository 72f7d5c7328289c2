import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import type { OrderEventDto } from '@shop/contracts';
import { anAdmin, anOrder, renderHookWithClient } from '@shop/web-testing';
import { ORDER_HISTORY_PAGE_SIZE, useOrderHistory, type OrderProgress } from './get-order-history.js';

const placed: OrderEventDto = { _id: 'e1', type: 'placed', at: '2026-11-20T09:30:00.000Z', state: 'awaiting-stock', actor: { kind: 'buyer' } };
const delivered: OrderEventDto = {
  _id: 'e5',
  type: 'delivered',
  at: '2026-11-22T08:00:00.000Z',
  state: 'delivered',
  actor: { kind: 'admin', _id: 'a1', name: 'Ada Admin' },
};

describe('useOrderHistory', () => {
  it('waits while signed out, then reads every step in one page of 100', async () => {
    expect(ORDER_HISTORY_PAGE_SIZE).toBe(100);
    const { result, store, calls } = renderHookWithClient(() => useOrderHistory('o1', anOrder()), {
      routes: { 'GET /api/orders/o1/history': { json: [placed] } },
    });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);

    act(() => store.signIn(anAdmin));

    await waitFor(() => expect(result.current.data).toEqual([placed]));
    expect(calls.map((call) => call.url)).toEqual(['/api/orders/o1/history?pageNumber=1&pageSize=100']);
  });

  it('reads the history again when the order is delivered, keeping the steps shown meanwhile', async () => {
    let answer = [placed];
    let order: OrderProgress = anOrder({ isPaid: true });
    const { result, calls, rerender } = renderHookWithClient(() => useOrderHistory('o1', order), {
      routes: { 'GET /api/orders/o1/history': () => ({ json: answer }) },
      user: anAdmin,
    });
    await waitFor(() => expect(result.current.data).toEqual([placed]));

    answer = [placed, delivered];
    order = anOrder({ isPaid: true, isDelivered: true });
    rerender();
    expect(result.current.data).toEqual([placed]);
    await waitFor(() => expect(result.current.data).toEqual([placed, delivered]));
    expect(calls).toHaveLength(2);
  });
});
