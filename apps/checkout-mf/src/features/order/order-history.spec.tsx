import { screen, within } from '@testing-library/react';
import type { OrderEventDto } from '@shop/contracts';
import { theme } from '@shop/ui';
import { aCustomer, anAdmin, anOrder, mockApi, renderRoute } from '@shop/web-testing';
import { OrderHistory } from './order-history.js';

const step = (type: OrderEventDto['type'], at: string, more: Partial<OrderEventDto> = {}): OrderEventDto => ({
  _id: `${type}-${at}`,
  type,
  at,
  actor: { kind: 'shop' },
  ...more,
});

/** The history as the page shows it: each step's text, in the list's order. */
const steps = () => within(screen.getByRole('region', { name: 'Order history' })).getAllByRole('listitem').map((item) => item.textContent);

function renderHistory(history: OrderEventDto[] | 'pending' | { status: number; message: string }, user = aCustomer) {
  const order = anOrder();
  mockApi({
    [`GET /api/orders/${order._id}/history`]:
      history === 'pending' ? 'pending' : Array.isArray(history) ? { json: history } : { status: history.status, json: { message: history.message } },
  });
  return renderRoute(`/order/${order._id}`, <OrderHistory order={order} />, { user });
}

describe('OrderHistory', () => {
  it('lists what happened to the order, oldest first, each step with its day as the page writes dates', async () => {
    renderHistory([
      step('placed', '2026-11-20T09:30:00.000Z', { actor: { kind: 'buyer' } }),
      step('stock-reserved', '2026-11-20T09:30:02.000Z'),
      step('paid', '2026-11-21T15:05:00.000Z', { actor: { kind: 'buyer' } }),
      step('delivered', '2026-11-22T08:00:00.000Z', { actor: { kind: 'admin' } }),
      step('refunded', '2026-11-25T09:00:00.000Z', { actor: { kind: 'admin' } }),
    ]);
    const list = await screen.findByRole('list');
    expect(list.tagName).toBe('OL');
    expect(steps()).toEqual(['Order placed 2026-11-20', 'Confirmed 2026-11-20', 'Paid 2026-11-21', 'Delivered 2026-11-22', 'Refunded 2026-11-25']);
    expect(screen.getByText('2026-11-21')).toHaveAttribute('datetime', '2026-11-21T15:05:00.000Z');
    expect(screen.getByRole('heading', { level: 2, name: 'Order history' })).toBeInTheDocument();
  });

  it('says why an order was cancelled', async () => {
    renderHistory([
      step('placed', '2026-11-20T09:30:00.000Z'),
      step('stock-refused', '2026-11-20T09:30:01.000Z', { reason: 'Not enough stock for Airpods' }),
    ]);
    await screen.findByRole('list');
    expect(steps()).toEqual(['Order placed 2026-11-20', 'Cancelled: out of stock — Not enough stock for Airpods 2026-11-20']);
  });

  it.each([
    ['payment-expired', 'Payment not received in time', 'Cancelled: not paid in time — Payment not received in time 2026-11-21'],
    ['cancelled', 'Payment not received in time', 'Cancelled — Payment not received in time 2026-11-21'],
    ['cancelled', undefined, 'Cancelled 2026-11-21'],
  ] as const)('names a %s step, with its reason %s', async (type, reason, text) => {
    renderHistory([step(type, '2026-11-21T10:00:00.000Z', { reason })]);
    await screen.findByRole('list');
    expect(steps()).toEqual([text]);
  });

  it('names the steps only admins get, for an admin who reads this timeline', async () => {
    renderHistory(
      [
        step('payment-refused', '2026-11-21T10:00:00.000Z', { reason: 'Order is already paid' }),
        step('refund-retried', '2026-11-21T10:01:00.000Z'),
        step('refund-completed', '2026-11-21T10:05:00.000Z'),
        step('mail-sent', '2026-11-21T10:06:00.000Z'),
        step('mail-failed', '2026-11-21T10:07:00.000Z'),
      ],
      anAdmin,
    );
    await screen.findByRole('list');
    expect(steps()).toEqual([
      'Payment refused — Order is already paid 2026-11-21',
      'Refund retried 2026-11-21',
      'Refund completed 2026-11-21',
      'Mail sent 2026-11-21',
      'Mail failed 2026-11-21',
    ]);
  });

  it('shows nothing while the history loads', () => {
    const { container } = renderHistory('pending');
    expect(screen.queryByRole('region', { name: 'Order history' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument();
    expect(container.querySelector('section')).toBeNull();
  });

  it('says in one muted line that the history cannot be shown, with no alert', async () => {
    renderHistory({ status: 404, message: 'Order not found' });
    const line = await screen.findByText("The order's history can't be shown right now.");
    expect(line.closest('section')).toHaveAccessibleName('Order history');
    expect(line).toHaveStyle({ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Order not found')).not.toBeInTheDocument();
  });
});
