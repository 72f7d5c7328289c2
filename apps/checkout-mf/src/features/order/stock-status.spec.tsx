import { render, screen } from '@testing-library/react';
import { ShopThemeProvider } from '@shop/ui';
import { anOrder } from '@shop/web-testing';
import { StockStatus } from './stock-status.js';

const renderStatus = (order: Parameters<typeof StockStatus>[0]['order']) =>
  render(
    <ShopThemeProvider>
      <StockStatus order={order} />
    </ShopThemeProvider>,
  );

describe('StockStatus', () => {
  it('says which admin cancelled an order, and when', () => {
    renderStatus(
      anOrder({ status: 'cancelled', cancelReason: 'Cancelled by the shop', cancelledAt: '2026-11-26T10:00:00.000Z', cancelledBy: { _id: 'a1', name: 'Ada Admin' } }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^This order was cancelled: Cancelled by the shop\s*Cancelled on 2026-11-26 by Ada Admin\.$/);
  });

  it('names no one when the shop cancelled it itself', () => {
    renderStatus(anOrder({ status: 'cancelled', cancelReason: 'Payment not received in time', cancelledAt: '2026-11-26T10:00:00.000Z' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Cancelled on 2026-11-26\.$/);
  });

  it('says an order was refunded, when and by whom', () => {
    renderStatus(
      anOrder({ status: 'refunded', isPaid: true, paidAt: '2026-11-20T10:00:00.000Z', refundedAt: '2026-11-25T09:00:00.000Z', refundedBy: { _id: 'a1', name: 'Ada Admin' } }),
    );
    expect(screen.getByText(/This order was refunded/)).toHaveTextContent('Refunded on 2026-11-25 by Ada Admin.');
  });
});
