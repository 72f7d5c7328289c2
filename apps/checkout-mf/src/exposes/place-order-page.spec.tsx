import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ShopStore } from '@shop/shop-client';
import { aCustomer, anOrder, mockApi } from '@shop/web-testing';
import { aCartItem, anAddress, aPhone } from '../testing/cart-items.js';
import { renderPage } from '../testing/render-page.js';

const address = () => screen.getByRole('status', { name: 'Address' });
const summary = () => screen.getByRole('region', { name: 'Order Summary' });

function withCart(items = [aCartItem()]) {
  return {
    user: aCustomer,
    prepare: (store: ShopStore) => {
      store.saveShippingAddress(anAddress);
      items.forEach((item) => store.addToCart(item));
    },
  };
}

describe('PlaceOrderPage', () => {
  it('sends guests to /login?redirect=placeorder', () => {
    mockApi({});
    renderPage('/placeorder');
    expect(address()).toHaveTextContent('/login?redirect=placeorder');
  });

  it('goes to /shipping when there is no shipping address', () => {
    mockApi({});
    renderPage('/placeorder', { user: aCustomer });
    expect(address()).toHaveTextContent(/^\/shipping$/);
  });

  it('summarises shipping, payment method, items and Items/Shipping/Tax/Total, with all four steps', () => {
    mockApi({});
    renderPage('/placeorder', withCart([aCartItem(), aPhone]));
    const steps = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(within(steps).getAllByRole('link')).toHaveLength(4);
    expect(screen.getByText('1 Main Street, Springfield 12345, USA')).toBeInTheDocument();
    expect(screen.getByText('PayPal')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: aPhone.name })).toHaveAttribute('src', aPhone.image);
    expect(screen.getByRole('link', { name: aPhone.name })).toHaveAttribute('href', '/product/p2');
    expect(screen.getByText('2 x $89.99 = $179.98')).toBeInTheDocument();
    expect(screen.getByText('1 x $599.99 = $599.99')).toBeInTheDocument();
    const lines = within(summary()).getAllByRole('definition').map((cell) => cell.textContent);
    // Items 779.97; shipping free over $100; tax 10 % = 78.00; total 857.97.
    expect(lines).toEqual(['$779.97', '$0.00', '$78.00', '$857.97']);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    expect(document.title).toBe('Place Order | ProShop');
  });

  it("lines the summary's amounts up on the right of their names", () => {
    mockApi({});
    renderPage('/placeorder', withCart());
    for (const amount of within(summary()).getAllByRole('definition')) {
      expect(amount).toHaveStyle({ textAlign: 'right', margin: '0px' });
    }
    expect(within(summary()).getByText('Total').parentElement).toHaveStyle({ display: 'grid' });
  });

  it('charges $50 shipping at $100 or less', () => {
    mockApi({});
    renderPage('/placeorder', withCart([aCartItem({ price: 10, quantity: 1 })]));
    expect(within(summary()).getAllByRole('definition').map((cell) => cell.textContent)).toEqual([
      '$10.00',
      '$50.00',
      '$1.00',
      '$61.00',
    ]);
  });

  it("says 'Empty Order!' and disables 'Place Order' with an empty cart", () => {
    mockApi({});
    renderPage('/placeorder', withCart([]));
    expect(screen.getByText('Empty Order!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it("places the order, empties the cart and opens /order/:id saying 'Order created!'", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/orders': { status: 201, json: anOrder({ _id: 'o9', status: 'pending' }) },
      'GET /api/orders/o9': { json: anOrder({ _id: 'o9', status: 'pending' }) },
    });
    const { store } = renderPage('/placeorder', withCart());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(address()).toHaveTextContent('/order/o9'));
    expect(await screen.findByText('Order created!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      orderItems: [aCartItem()],
      shippingAddress: anAddress,
      paymentGateway: 'PayPal',
      itemsPrice: 179.98,
      shippingPrice: 0,
      taxPrice: 18,
      totalPrice: 197.98,
    });
    expect(store.getState().cartItems).toEqual([]);
  });

  it("shows the server's message when the order is refused", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/orders': { status: 400, json: { message: 'No order items' } } });
    renderPage('/placeorder', withCart());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No order items');
    expect(address()).toHaveTextContent('/placeorder');
  });

  it('shows a spinner while the order is placed', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/orders': 'pending' });
    renderPage('/placeorder', withCart());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getByRole('status', { name: 'Placing order...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });
});
