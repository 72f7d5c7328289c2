import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OrderDto, OrderEventDto } from '@shop/contracts';
import { apiGet, shopKeys, useShopQuery } from '@shop/shop-client';
import { theme } from '@shop/ui';
import { aCustomer, anAdmin, anOrder, mockApi, renderRoute, type ApiReply } from '@shop/web-testing';
import OrderAdminActions from './order-admin-actions.js';
import OrderAdminHistory from './order-admin-history.js';

const paid = anOrder({ isPaid: true, paidAt: '2026-11-21T15:05:00.000Z' });

const placed: OrderEventDto = { _id: 'e1', type: 'placed', at: '2026-11-20T09:30:00.000Z', state: 'awaiting-stock', actor: { kind: 'buyer' } };
const reserved: OrderEventDto = { _id: 'e2', type: 'stock-reserved', at: '2026-11-20T09:30:02.000Z', state: 'awaiting-payment', actor: { kind: 'shop' } };
const refused: OrderEventDto = {
  _id: 'e3',
  type: 'payment-refused',
  at: '2026-11-21T15:04:00.000Z',
  actor: { kind: 'buyer' },
  reason: 'The captured amount does not match the order',
  details: { paypalOrderId: 'PP-1', captureId: 'CAPTURE-A', amount: '12.34', currency: 'USD' },
};
const paidStep: OrderEventDto = {
  _id: 'e4',
  type: 'paid',
  at: '2026-11-21T15:05:00.000Z',
  state: 'paid',
  actor: { kind: 'buyer' },
  details: { captureId: 'CAPTURE-B', amount: 197.98, currency: 'USD' },
};
const mailed: OrderEventDto = { _id: 'e5', type: 'mail-sent', at: '2026-11-21T15:06:00.000Z', actor: { kind: 'shop' }, details: { subject: 'Your order is paid', to: 'jane@example.com' } };
const delivered: OrderEventDto = {
  _id: 'e6',
  type: 'delivered',
  at: '2026-11-23T11:00:00.000Z',
  state: 'delivered',
  actor: { kind: 'admin', _id: 'a1', name: 'Ada Admin' },
};

/**
 * Checkout's order page as far as admin's parts are concerned: it reads the order under the shared
 * query key and hands it to both parts, so what an action puts in the cache is what the history follows.
 */
function OrderPageHost({ id }: { id: string }) {
  const order = useShopQuery({ queryKey: shopKeys.orders.detail(id), get: apiGet('/api/orders/{id}', { params: { id } }) });
  if (!order.data) return null;
  return (
    <>
      <OrderAdminActions order={order.data} />
      <OrderAdminHistory order={order.data} />
    </>
  );
}

function renderOnOrderPage(order: OrderDto, history: OrderEventDto[] | ApiReply, user = anAdmin) {
  const { calls } = mockApi({
    [`GET /api/orders/${order._id}`]: { json: order },
    [`GET /api/orders/${order._id}/history`]: Array.isArray(history) ? { json: history } : history,
  });
  renderRoute(`/order/${order._id}`, <OrderPageHost id={order._id} />, { user });
  return { calls };
}

/** The table's rows as an admin reads them: STEP, WHEN, WHO, DETAILS. */
const rows = () =>
  within(screen.getByRole('region', { name: 'Steps of the order' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('OrderAdminHistory', () => {
  it('shows an admin every step with when, who made it and its details as key: value pairs', async () => {
    renderOnOrderPage(paid, [placed, reserved, refused, paidStep, mailed]);
    const region = await screen.findByRole('region', { name: 'Order history' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Order history' })).toBeInTheDocument();
    expect(within(region).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['STEP', 'WHEN', 'WHO', 'DETAILS']);
    expect(rows()).toEqual([
      ['Order placed', '2026-11-20 09:30 UTC', 'Buyer', '—'],
      ['Confirmed', '2026-11-20 09:30 UTC', 'Shop', '—'],
      [
        'Payment refused — The captured amount does not match the order',
        '2026-11-21 15:04 UTC',
        'Buyer',
        'paypalOrderId: PP-1captureId: CAPTURE-Aamount: 12.34currency: USD',
      ],
      ['Paid', '2026-11-21 15:05 UTC', 'Buyer', 'captureId: CAPTURE-Bamount: 197.98currency: USD'],
      ['Mail sent', '2026-11-21 15:06 UTC', 'Shop', 'subject: Your order is paidto: jane@example.com'],
    ]);
    const refusedDetails = within(screen.getAllByRole('row')[3]).getAllByRole('listitem').map((item) => item.textContent);
    expect(refusedDetails).toEqual(['paypalOrderId: PP-1', 'captureId: CAPTURE-A', 'amount: 12.34', 'currency: USD']);
    expect(screen.getByText('2026-11-21 15:05 UTC')).toHaveAttribute('datetime', '2026-11-21T15:05:00.000Z');
  });

  it("names the admin who made a step, and 'Admin' when the answer has no name", async () => {
    renderOnOrderPage(anOrder({ ...paid, isDelivered: true }), [
      delivered,
      { ...delivered, _id: 'e7', type: 'refunded', state: 'refunded', actor: { kind: 'admin', _id: 'a2' } },
    ]);
    await screen.findByRole('region', { name: 'Steps of the order' });
    expect(rows().map((row) => [row[0], row[2]])).toEqual([
      ['Delivered', 'Ada Admin'],
      ['Refunded', 'Admin'],
    ]);
  });

  it("reads the history again after admin's own action, and shows the new step with the admin's name", async () => {
    const user = userEvent.setup();
    let current = paid;
    const { calls } = mockApi({
      [`GET /api/orders/${paid._id}`]: () => ({ json: current }),
      [`GET /api/orders/${paid._id}/history`]: () => ({ json: current.isDelivered ? [placed, paidStep, delivered] : [placed, paidStep] }),
      [`PUT /api/orders/${paid._id}/delivery_status`]: () => {
        current = { ...paid, isDelivered: true, deliveredAt: '2026-11-23T11:00:00.000Z' };
        return { json: current };
      },
    });
    renderRoute(`/order/${paid._id}`, <OrderPageHost id={paid._id} />, { user: anAdmin });
    await screen.findByRole('region', { name: 'Steps of the order' });
    expect(rows().map((row) => row[0])).toEqual(['Order placed', 'Paid']);
    await user.click(screen.getByRole('button', { name: 'Mark as Delivered' }));
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(rows().map((row) => row[0])).toEqual(['Order placed', 'Paid', 'Delivered']);
    expect(calls.filter((call) => call.url.startsWith('/api/orders/o1/history')).length).toBeGreaterThanOrEqual(2);
  });

  it('shows nothing while the history loads', async () => {
    renderOnOrderPage(paid, 'pending');
    await screen.findByRole('button', { name: 'Refund' });
    expect(screen.queryByRole('region', { name: 'Order history' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order history' })).not.toBeInTheDocument();
  });

  it('says in one muted line that the history cannot be shown, with no alert', async () => {
    renderOnOrderPage(paid, { status: 404, json: { message: 'Order not found' } });
    const line = await screen.findByText("The order's history can't be shown right now.");
    expect(line.closest('section')).toHaveAccessibleName('Order history');
    expect(line).toHaveStyle({ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows nothing to a customer, and asks for nothing', async () => {
    const { calls } = mockApi({ [`GET /api/orders/${paid._id}/history`]: { json: [placed] } });
    renderRoute(
      `/order/${paid._id}`,
      <section aria-label="Admin history">
        <OrderAdminHistory order={paid} />
      </section>,
      { user: aCustomer },
    );
    expect(screen.getByRole('region', { name: 'Admin history' })).toBeEmptyDOMElement();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });
});
