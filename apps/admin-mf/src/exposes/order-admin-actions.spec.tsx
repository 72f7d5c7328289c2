import { screen } from '@testing-library/react';
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

  it("shows nothing to a customer, nor to an admin on an unpaid or a delivered order", () => {
    const delivered = anOrder({ ...paid, isDelivered: true, deliveredAt: '2026-11-22T08:00:00.000Z' });
    for (const [order, user] of [
      [paid, aCustomer],
      [anOrder(), anAdmin],
      [delivered, anAdmin],
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
});
