import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithTheme } from './testing/render.js';
import { StepBar, type CheckoutStepNumber } from './step-bar.js';

function renderStepBar(reached: CheckoutStepNumber) {
  renderWithTheme(
    <MemoryRouter>
      <StepBar reached={reached} />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Checkout steps' });
}

describe('StepBar', () => {
  it('shows the four steps in the spec’s order', () => {
    const nav = renderStepBar(4);
    expect(within(nav).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sign In',
      'Shipping',
      'Payment',
      'Order',
    ]);
  });

  it('makes reached steps links and later steps disabled text', () => {
    const nav = renderStepBar(2);
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Shipping' })).toHaveAttribute('href', '/shipping');
    expect(within(nav).queryByRole('link', { name: 'Payment' })).not.toBeInTheDocument();
    expect(within(nav).getByText('Payment')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByText('Order')).toHaveAttribute('aria-disabled', 'true');
  });

  it('marks the current step', () => {
    const nav = renderStepBar(3);
    expect(within(nav).getByRole('link', { name: 'Payment' })).toHaveAttribute('aria-current', 'step');
    expect(within(nav).getByRole('link', { name: 'Shipping' })).not.toHaveAttribute('aria-current');
  });

  it('links every step on the place order page', () => {
    const nav = renderStepBar(4);
    expect(within(nav).getByRole('link', { name: 'Order' })).toHaveAttribute('href', '/placeorder');
  });
});
