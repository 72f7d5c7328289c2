import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { anAdmin, renderHookWithClient } from '@shop/web-testing';
import { useLowStock } from './get-low-stock.js';

const answer = { threshold: 5, products: [{ _id: 'p1', name: 'Lamp', countInStock: 0 }] };

describe('useLowStock', () => {
  it('waits while signed out, then reads the ten products with the least stock', async () => {
    const { result, store, calls } = renderHookWithClient(() => useLowStock(), { routes: { 'GET /api/products/low-stock': { json: answer } } });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);

    act(() => store.signIn(anAdmin));

    await waitFor(() => expect(result.current.data).toEqual(answer));
    expect(calls.map((call) => call.url)).toEqual(['/api/products/low-stock?limit=10']);
  });
});
