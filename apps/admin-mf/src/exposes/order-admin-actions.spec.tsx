import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OrderDto } from '@shop/contracts';
import { apiGet, shopKeys, useShopQuery } from '@shop/shop-client';
import { isoDay } from '@shop/ui';
import { aCustomer, anAdmin, anOrder, mockApi, renderRoute, type ApiReply } from '@shop/web-testing';
import OrderAdminActions from './order-admin-actions.js';

const paid = anOrder({ isPaid: true, paidAt: '2026-11-21T15:05:00.000Z' });

/**
 * Checkout's order page as far as the part is concerned: it reads the order under the shared query key
 * and hands it to the part, so what the part's change puts in the cache is what the page shows next.
 */
function OrderPageHost({ id }: { id: string }) {
  const order = useShopQuery({ queryKey: shopKeys.orders.detail(id), get: apiGet('/api/orders/{id}', { params: { id } }) });
  if (!order.data) return null;
  return (
    <>
      <p>{order.data.isDelivered && order.data.deliveredAt ? `Delivered on ${isoDay(order.data.deliveredAt)}` : 'Not yet Delivered.'}</p>
      <OrderAdminActions order={order.data} />
    </>
  );
}

/** The orders API for one order, as the server keeps it: a delivery that succeeds changes what GET answers. */
function api(order: OrderDto, delivery: ApiReply = 'pending') {
  let current = order;
  return mockApi({
    [`GET /api/orders/${order._id}`]: () => ({ json: current }),
    [`PUT /api/orders/${order._id}/delivery_status`]: () => {
      if (delivery !== 'pending' && (delivery.status ?? 200) < 300) current = delivery.json as OrderDto;
      return delivery;
    },
  });
}

/** Where checkout renders the part: on the order's page, inside what the shell gives every page. */
function renderOnOrderPage(order: OrderDto, user = anAdmin) {
  return renderRoute(`/order/${order._id}`, <OrderPageHost id={order._id} />, { user });
}

describe('OrderAdminActions', () => {
  it("offers 'Mark as Delivered' to an admin on a paid, undelivered order, and it delivers", async () => {
    const user = userEvent.setup();
    const { calls } = api(paid, { json: { ...paid, isDelivered: true, deliveredAt: '2026-11-23T11:00:00.000Z' } });
    renderOnOrderPage(paid);
    await user.click(await screen.findByRole('button', { name: 'Mark as Delivered' }));
    expect(await screen.findByText('Delivered on 2026-11-23')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ url: '/api/orders/o1/delivery_status', body: {} });
    expect(screen.queryByRole('button', { name: 'Mark as Delivered' })).not.toBeInTheDocument();
  });

  it('shows nothing to a customer, nor to an admin on a cancelled or a refunded order', () => {
    for (const [order, user] of [
      [paid, aCustomer],
      [anOrder(), aCustomer],
      [anOrder({ status: 'cancelled', cancelReason: 'Payment not received in time' }), anAdmin],
      [anOrder({ ...paid, status: 'refunded', refundedAt: '2026-11-24T08:00:00.000Z' }), anAdmin],
    ] as const) {
      const { unmount } = renderRoute(
        `/order/${order._id}`,
        <section aria-label="Admin actions">
          <OrderAdminActions order={order} />
        </section>,
        { user },
      );
      expect(screen.getByRole('region', { name: 'Admin actions' })).toBeEmptyDOMElement();
      unmount();
    }
  });

  it("disables 'Mark as Delivered' and says so while the delivery is being saved", async () => {
    const user = userEvent.setup();
    const { calls } = api(paid, 'pending');
    renderOnOrderPage(paid);
    await user.click(await screen.findByRole('button', { name: 'Mark as Delivered' }));
    expect(await screen.findByRole('status', { name: 'Marking as delivered...' })).toBeInTheDocument();
    expect(screen.getByText('Marking as delivered...', { selector: '[aria-hidden="true"]' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark as Delivered' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mark as Delivered' }));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(screen.getByText('Not yet Delivered.')).toBeInTheDocument();
  });

  it("shows the server's message when delivery cannot be marked", async () => {
    const user = userEvent.setup();
    api(paid, { status: 400, json: { message: 'Order is not paid' } });
    renderOnOrderPage(paid);
    await user.click(await screen.findByRole('button', { name: 'Mark as Delivered' }));
    expect(await screen.findByText('Order is not paid')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Mark as Delivered' })).toBeEnabled();
    expect(screen.getByText('Not yet Delivered.')).toBeInTheDocument();
  });

  describe('by the order\'s state', () => {
    afterEach(() => jest.restoreAllMocks());

    const actionsOf = (order: OrderDto) => {
      const { unmount } = renderRoute(`/order/${order._id}`, <section aria-label="Admin actions"><OrderAdminActions order={order} /></section>, { user: anAdmin });
      const names = within(screen.getByRole('region', { name: 'Admin actions' })).queryAllByRole('button').map((button) => button.textContent);
      unmount();
      return names;
    };

    it('offers Cancel Order for an unpaid order, Mark as Delivered and Refund for a paid one, Refund for a delivered one', () => {
      expect(actionsOf(anOrder())).toEqual(['Cancel Order']);
      expect(actionsOf(anOrder({ status: 'pending' }))).toEqual(['Cancel Order']);
      expect(actionsOf(paid)).toEqual(['Mark as Delivered', 'Refund']);
      expect(actionsOf(anOrder({ ...paid, isDelivered: true, deliveredAt: '2026-11-22T08:00:00.000Z' }))).toEqual(['Refund']);
    });

    it('cancels an unpaid order once the admin is sure, and the page shows it cancelled', async () => {
      const user = userEvent.setup();
      const unpaid = anOrder();
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
      const cancelled = { ...unpaid, status: 'cancelled' as const, cancelReason: 'Cancelled by the shop', cancelledAt: '2026-11-26T10:00:00.000Z' };
      const { calls } = mockApi({
        [`GET /api/orders/${unpaid._id}`]: () => ({ json: calls.some((call) => call.method === 'PUT') ? cancelled : unpaid }),
        [`PUT /api/orders/${unpaid._id}/cancel`]: { json: cancelled },
      });
      renderOnOrderPage(unpaid);
      await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
      expect(confirm).toHaveBeenCalledWith('Are you sure?');
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ url: `/api/orders/${unpaid._id}/cancel`, body: {} });
      await screen.findByText('Not yet Delivered.');
      expect(await screen.findByText('Not yet Delivered.')).toBeInTheDocument();
      await expect(screen.findByRole('button', { name: 'Cancel Order' }, { timeout: 200 })).rejects.toThrow();
    });

    it('does nothing when the admin is not sure, and shows why a refund was refused', async () => {
      const user = userEvent.setup();
      const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      const { calls } = mockApi({
        [`GET /api/orders/${paid._id}`]: { json: paid },
        [`PUT /api/orders/${paid._id}/refund`]: { status: 400, json: { message: 'Order was refunded' } },
      });
      renderOnOrderPage(paid);
      await user.click(await screen.findByRole('button', { name: 'Refund' }));
      expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Refund' }));
      expect(await screen.findByText('Order was refunded')).toHaveAttribute('role', 'alert');
      expect(confirm).toHaveBeenCalledTimes(2);
    });
  });
});
