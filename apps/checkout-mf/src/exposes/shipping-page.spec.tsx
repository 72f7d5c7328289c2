import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, mockApi } from '@shop/web-testing';
import { anAddress } from '../testing/cart-items.js';
import { renderPage } from '../testing/render-page.js';

const address = () => screen.getByRole('status', { name: 'Address' });
const FIELDS = ['Address', 'City', 'Postal Code', 'Country'];
const field = (name: string) => screen.getByRole('textbox', { name });

describe('ShippingPage', () => {
  it('sends guests to /login?redirect=shipping', () => {
    mockApi({});
    renderPage('/shipping');
    expect(address()).toHaveTextContent('/login?redirect=shipping');
  });

  it('shows the step bar with Sign In and Shipping reached, and four required fields', () => {
    mockApi({});
    renderPage('/shipping', { user: aCustomer });
    const steps = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(within(steps).getAllByRole('link').map((link) => link.textContent)).toEqual(['Sign In', 'Shipping']);
    expect(within(steps).getByRole('link', { name: 'Shipping' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping' })).toBeInTheDocument();
    for (const label of FIELDS) expect(field(label)).toBeRequired();
    expect(document.title).toBe('Shipping | ProShop');
  });

  it('prefills the saved address', () => {
    mockApi({});
    renderPage('/shipping', { user: aCustomer, prepare: (store) => store.saveShippingAddress(anAddress) });
    expect(field('Address')).toHaveValue('1 Main Street');
    expect(field('Postal Code')).toHaveValue('12345');
  });

  it('asks for every field left blank and stays on the page', async () => {
    const user = userEvent.setup();
    mockApi({});
    const { store } = renderPage('/shipping', { user: aCustomer });
    for (const label of FIELDS) await user.type(field(label), '  ');
    await user.type(field('City'), 'Springfield');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please fill in Address.')).toBeInTheDocument();
    expect(screen.queryByText('Please fill in City.')).not.toBeInTheDocument();
    expect(screen.getByText('Please fill in Postal Code.')).toBeInTheDocument();
    expect(screen.getByText('Please fill in Country.')).toBeInTheDocument();
    expect(field('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(store.getState().shippingAddress).toBeNull();
    expect(address()).toHaveTextContent('/shipping');
  });

  it("saves the address and 'Continue' goes to /payment", async () => {
    const user = userEvent.setup();
    mockApi({});
    const { store } = renderPage('/shipping', { user: aCustomer });
    await user.type(field('Address'), ' 1 Main Street ');
    await user.type(field('City'), 'Springfield');
    await user.type(field('Postal Code'), '12345');
    await user.type(field('Country'), 'USA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(store.getState().shippingAddress).toEqual(anAddress);
    expect(address()).toHaveTextContent('/payment');
  });
});
