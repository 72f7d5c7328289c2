import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, mockApi } from '@shop/web-testing';
import { anAddress } from '../testing/cart-items.js';
import { renderPage } from '../testing/render-page.js';

const address = () => screen.getByRole('status', { name: 'Address' });

describe('PaymentPage', () => {
  it('sends guests to /login?redirect=payment', () => {
    mockApi({});
    renderPage('/payment');
    expect(address()).toHaveTextContent('/login?redirect=payment');
  });

  it('goes to /shipping when there is no shipping address', () => {
    mockApi({});
    renderPage('/payment', { user: aCustomer });
    expect(address()).toHaveTextContent(/^\/shipping$/);
  });

  it("offers one chosen radio 'PayPal or Credit Card' (value PayPal) and 'Continue' goes to /placeorder", async () => {
    const user = userEvent.setup();
    mockApi({});
    const { store } = renderPage('/payment', { user: aCustomer, prepare: (s) => s.saveShippingAddress(anAddress) });
    const steps = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(within(steps).getAllByRole('link').map((link) => link.textContent)).toEqual(['Sign In', 'Shipping', 'Payment']);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    const paypal = screen.getByRole('radio', { name: 'PayPal or Credit Card' });
    expect(paypal).toBeChecked();
    expect(paypal).toHaveAttribute('value', 'PayPal');
    expect(document.title).toBe('Payment | ProShop');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(store.getState().paymentGateway).toBe('PayPal');
    expect(address()).toHaveTextContent('/placeorder');
  });
});
