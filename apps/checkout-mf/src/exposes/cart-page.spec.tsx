import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aProductDetail, mockApi } from '@shop/web-testing';
import { aCartItem, aPhone } from '../testing/cart-items.js';
import { renderPage } from '../testing/render-page.js';

const address = () => screen.getByRole('status', { name: 'Address' });

describe('CartPage', () => {
  it("says 'Your cart is empty!' with a disabled 'Checkout' and a zero subtotal", () => {
    mockApi({});
    renderPage('/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(screen.getByText(/Your cart is empty!/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subtotal (0) items' })).toBeInTheDocument();
    expect(screen.getByText('$0.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(document.title).toBe('Shopping Cart | ProShop');
  });

  it('shows each line with image, link, price, quantity 1..countInStock and remove, and the subtotal', () => {
    mockApi({});
    renderPage('/cart', { prepare: (store) => [aCartItem(), aPhone].forEach((item) => store.addToCart(item)) });
    const airpods = aCartItem();
    expect(screen.getByRole('img', { name: airpods.name })).toHaveAttribute('src', airpods.image);
    expect(screen.getByRole('link', { name: airpods.name })).toHaveAttribute('href', '/product/p1');
    expect(screen.getByText('$89.99')).toBeInTheDocument();
    const quantity = screen.getByRole('combobox', { name: `Quantity of ${airpods.name}` });
    expect(quantity).toHaveValue('2');
    expect(within(quantity).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: `Remove ${airpods.name}` })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subtotal (3) items' })).toBeInTheDocument();
    expect(screen.getByText('$779.97')).toBeInTheDocument();
    expect(screen.queryByText(/Your cart is empty!/)).not.toBeInTheDocument();
  });

  it('offers no more quantities than one order line may hold, however large the stock', () => {
    mockApi({});
    renderPage('/cart', { prepare: (store) => store.addToCart(aCartItem({ countInStock: 1_000_000, quantity: 5 })) });
    const options = within(screen.getByRole('combobox', { name: `Quantity of ${aCartItem().name}` })).getAllByRole('option');
    expect(options).toHaveLength(100);
    expect(options.at(-1)).toHaveTextContent('100');
  });

  it('lays each line out as a row of a plain list: no bullets, the picture a fixed square', () => {
    mockApi({});
    renderPage('/cart', { prepare: (store) => store.addToCart(aCartItem()) });
    const lines = screen.getByRole('list', { name: 'Cart items' });
    expect(lines).toHaveStyle({ listStyle: 'none', padding: '0px' });
    expect(within(lines).getByRole('listitem')).toHaveStyle({ display: 'grid' });
    expect(screen.getByRole('img', { name: aCartItem().name })).toHaveStyle({ aspectRatio: '1', objectFit: 'cover' });
  });

  it('adds the product of /cart/:id?qty=n, re-fetched, then replaces the address with /cart', async () => {
    const { calls } = mockApi({ 'GET /api/products/p1': { json: aProductDetail({ countInStock: 5, price: 79.99 }) } });
    const { store } = renderPage('/cart/p1?qty=2');
    expect(screen.getByRole('status', { name: 'Adding to cart...' })).toBeInTheDocument();
    await waitFor(() => expect(address()).toHaveTextContent(/^\/cart$/));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/products/p1']);
    expect(store.getState().cartItems).toEqual([expect.objectContaining({ product: 'p1', quantity: 2, price: 79.99 })]);
    expect(await screen.findByRole('heading', { name: 'Subtotal (2) items' })).toBeInTheDocument();
    expect(screen.getByText('$159.98')).toBeInTheDocument();
  });

  it("does not say 'Your cart is empty!' while the product of /cart/:id is on its way in", () => {
    mockApi({ 'GET /api/products/p1': 'pending' });
    renderPage('/cart/p1?qty=2');
    expect(screen.getByRole('status', { name: 'Adding to cart...' })).toBeInTheDocument();
    expect(screen.queryByText(/Your cart is empty!/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it('adds one when qty is missing and keeps a large qty within the stock', async () => {
    mockApi({
      'GET /api/products/p1': { json: aProductDetail({ countInStock: 3 }) },
      'GET /api/products/p2': { json: aProductDetail({ _id: 'p2', countInStock: 3 }) },
    });
    const first = renderPage('/cart/p1');
    await waitFor(() => expect(first.store.getState().cartItems).toEqual([expect.objectContaining({ quantity: 1 })]));
    first.unmount();
    const second = renderPage('/cart/p2?qty=9');
    await waitFor(() => expect(second.store.getState().cartItems).toEqual([expect.objectContaining({ product: 'p2', quantity: 3 })]));
  });

  it("shows the server's message when the product to add cannot be read", async () => {
    mockApi({ 'GET /api/products/nope': { status: 404, json: { message: 'Product not found' } } });
    const { store } = renderPage('/cart/nope?qty=1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/cart$/));
    expect(store.getState().cartItems).toEqual([]);
  });

  it('keeps the cart usable when the product to add cannot be read, and the alert goes with the next change', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/products/nope': { status: 404, json: { message: 'Product not found' } },
      'GET /api/products/p1': { json: aProductDetail({ countInStock: 3 }) },
    });
    const { store } = renderPage('/cart/nope?qty=2', { prepare: (s) => s.addToCart(aCartItem({ quantity: 1 })) });
    await waitFor(() => expect(address()).toHaveTextContent(/^\/cart$/));
    expect(screen.getByRole('alert')).toHaveTextContent('Product not found');
    expect(screen.queryByRole('status', { name: 'Adding to cart...' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: aCartItem().name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();

    await user.selectOptions(screen.getByRole('combobox', { name: /^Quantity of/ }), '3');
    await waitFor(() => expect(store.getState().cartItems[0]?.quantity).toBe(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message when a quantity change cannot read the product, and removing the line clears it", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/products/p1': { status: 404, json: { message: 'Product not found' } } });
    const { store } = renderPage('/cart', { prepare: (s) => s.addToCart(aCartItem({ quantity: 1 })) });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Quantity of/ }), '2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    expect(store.getState().cartItems[0]?.quantity).toBe(1);

    await user.click(screen.getByRole('button', { name: `Remove ${aCartItem().name}` }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/Your cart is empty!/)).toBeInTheDocument();
  });

  it('changes a quantity through a fresh read of the product', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /api/products/p1': { json: aProductDetail({ countInStock: 3 }) } });
    const { store } = renderPage('/cart', { prepare: (s) => s.addToCart(aCartItem({ quantity: 1 })) });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Quantity of/ }), '3');
    await waitFor(() => expect(store.getState().cartItems[0]?.quantity).toBe(3));
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Subtotal (3) items' })).toBeInTheDocument();
  });

  it('removes a line, and the last removal empties the cart', async () => {
    const user = userEvent.setup();
    mockApi({});
    const { store } = renderPage('/cart', { prepare: (s) => s.addToCart(aCartItem()) });
    await user.click(screen.getByRole('button', { name: `Remove ${aCartItem().name}` }));
    expect(store.getState().cartItems).toEqual([]);
    expect(screen.getByText(/Your cart is empty!/)).toBeInTheDocument();
  });

  it("'Checkout' goes to /login?redirect=shipping", async () => {
    const user = userEvent.setup();
    mockApi({});
    renderPage('/cart', { prepare: (s) => s.addToCart(aCartItem()) });
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(address()).toHaveTextContent('/login?redirect=shipping');
  });
});
