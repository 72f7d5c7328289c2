import { describe, expect, it } from '@jest/globals';
import { act } from '@testing-library/react';
import { shopKeys } from '@shop/shop-client';
import { aCustomer, anOrder, renderHookWithClient } from '@shop/web-testing';
import { aCartItem, anAddress } from '../../../testing/cart-items.js';
import { useCreateOrder } from './create-order.js';

const placed = anOrder({ status: 'pending' });
const input = { orderItems: [{ product: 'p1', quantity: 2 }], shippingAddress: anAddress, paymentGateway: 'PayPal' as const };

describe('useCreateOrder', () => {
  it('places the order, empties the cart, keeps the address and has the order ready for its page', async () => {
    const { result, store, calls, queryClient } = renderHookWithClient(useCreateOrder, { routes: { 'POST /api/orders': { status: 201, json: placed } } });
    act(() => {
      store.signIn(aCustomer);
      store.addToCart(aCartItem());
      store.saveShippingAddress(anAddress);
    });

    await act(() => result.current.mutateAsync(input));

    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([['POST', '/api/orders', input]]);
    expect(store.getState()).toMatchObject({ cartItems: [], shippingAddress: anAddress });
    expect(queryClient.getQueryData(shopKeys.orders.detail('o1'))).toEqual(placed);
  });

  it("waits briefly for the stock's answer rather than the page asking again and again", async () => {
    const { result, store, calls } = renderHookWithClient(useCreateOrder, { routes: { 'POST /api/orders': { status: 201, json: placed } } });
    act(() => store.signIn(aCustomer));

    await act(() => result.current.mutateAsync(input));

    expect(calls[0].headers.get('Prefer')).toBe('wait=5');
  });

  it('marks the cached orders stale without reading them again (none is on screen)', async () => {
    const { result, store, calls, queryClient } = renderHookWithClient(useCreateOrder, { routes: { 'POST /api/orders': { status: 201, json: placed } } });
    act(() => store.signIn(aCustomer));
    queryClient.setQueryData(shopKeys.orders.list({ pageNumber: 1 }), { orders: [], page: 1, pages: 1 });

    await act(() => result.current.mutateAsync(input));

    expect(queryClient.getQueryState(shopKeys.orders.list({ pageNumber: 1 }))?.isInvalidated).toBe(true);
    expect(calls).toHaveLength(1);
  });
});
