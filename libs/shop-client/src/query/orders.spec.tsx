import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import type { OrderDto, OrderStatus, UserInfoDto } from '@shop/contracts';
import { renderWithClient } from '../test-support/render-with-client.js';
import { PENDING_ORDER_POLL_MS, useCreateOrder, useOrder, usePayOrder } from './orders.js';

const ann: UserInfoDto = { _id: 'u1', name: 'Ann', email: 'ann@example.com', isAdmin: false, token: 'tok' };
const address = { address: '1 Main St', city: 'Town', postalCode: '12345', country: 'US' };

const orderWith = (status: OrderStatus): OrderDto => ({
  _id: 'o1',
  user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' },
  orderItems: [{ _id: 'i1', product: 'p1', name: 'Phone', image: '/p.jpg', price: 10, quantity: 1 }],
  shippingAddress: address,
  paymentGateway: 'PayPal',
  itemsPrice: 10,
  taxPrice: 1,
  shippingPrice: 50,
  totalPrice: 61,
  status,
  isPaid: false,
  isDelivered: false,
  createdAt: '2026-11-23T10:00:00.000Z',
});

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
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('asks again every 2 s while the order is pending, and stops once it is confirmed', async () => {
    const answers: OrderStatus[] = ['pending', 'pending', 'confirmed'];
    const { result, calls, store } = renderWithClient(() => useOrder('o1'), {
      'GET /api/orders/o1': () => ({ json: orderWith(answers.shift() ?? 'confirmed') }),
    });
    act(() => store.signIn(ann));
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

describe('useCreateOrder', () => {
  it('places the order, empties the cart and keeps the address', async () => {
    const { result, store, calls, queryClient } = renderWithClient(useCreateOrder, {
      'POST /api/orders': { status: 201, json: orderWith('pending') },
    });
    act(() => {
      store.signIn(ann);
      store.addToCart({ product: 'p1', name: 'Phone', image: '/p.jpg', price: 10, countInStock: 3, quantity: 1 });
      store.saveShippingAddress(address);
    });

    await act(() =>
      result.current.mutateAsync({ orderItems: [{ product: 'p1', quantity: 1 }], shippingAddress: address, paymentGateway: 'PayPal' }),
    );

    expect(calls[0].method).toBe('POST');
    expect(store.getState()).toMatchObject({ cartItems: [], shippingAddress: address });
    expect(queryClient.getQueryData(['orders', 'detail', 'o1'])).toEqual(orderWith('pending'));
  });
});

describe('usePayOrder', () => {
  it('sends the capture result and shows the order as paid', async () => {
    const paid = { ...orderWith('confirmed'), isPaid: true, paidAt: '2026-11-23T10:05:00.000Z' };
    let isPaid = false;
    const { result, store, calls } = renderWithClient(() => ({ order: useOrder('o1'), pay: usePayOrder('o1') }), {
      'GET /api/orders/o1': () => ({ json: isPaid ? paid : orderWith('confirmed') }),
      'PUT /api/orders/o1/pay_status': () => {
        isPaid = true;
        return { json: paid };
      },
    });
    act(() => store.signIn(ann));
    await waitFor(() => expect(result.current.order.data?.isPaid).toBe(false));

    const capture = { id: 'CAP-1', status: 'COMPLETED', update_time: '2026-11-23T10:05:00Z', payer: { email_address: 'ann@example.com' } };
    await act(() => result.current.pay.mutateAsync(capture));

    await waitFor(() => expect(result.current.order.data?.paidAt).toBe(paid.paidAt));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual(capture);
  });
});
