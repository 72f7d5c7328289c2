import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { anAdmin, renderHookWithClient } from '@shop/web-testing';
import { useDashboard } from './get-dashboard.js';

const figures = { days: [{ date: '2026-11-26', orders: 1, sales: 12.5 }], byState: [], topProducts: [], generatedAt: '2026-11-26T12:00:00.000Z' };

describe('useDashboard', () => {
  it('waits while signed out, then reads the dashboard figures once', async () => {
    const { result, store, calls } = renderHookWithClient(() => useDashboard(), { routes: { 'GET /api/orders/dashboard': { json: figures } } });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);

    act(() => store.signIn(anAdmin));

    await waitFor(() => expect(result.current.data).toEqual(figures));
    expect(calls.map((call) => call.url)).toEqual(['/api/orders/dashboard']);
  });
});
