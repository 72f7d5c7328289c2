import { screen } from '@testing-library/react';
import { aCustomer, mockApi } from '@shop/web-testing';
import { anAddress } from './testing/cart-items.js';
import { renderPage } from './testing/render-page.js';

describe('the checkout running alone', () => {
  it.each([
    ['/cart', 'Shopping Cart'],
    ['/login', 'Sign In'],
    ['/register', 'Sign Up'],
    ['/shipping', 'Shipping'],
    ['/payment', 'Payment Method'],
    ['/placeorder', 'Place Order'],
    ['/order/o1', 'Order o1'],
  ])('shows its page at %s', (path, heading) => {
    mockApi({ 'GET /api/orders/o1': 'pending', 'GET /api/products/p1': 'pending' });
    renderPage(path, { user: path.startsWith('/login') || path.startsWith('/register') ? undefined : aCustomer, prepare: (s) => s.saveShippingAddress(anAddress) });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows the profile at /profile', () => {
    mockApi({ 'GET /api/users/profile': 'pending' });
    renderPage('/profile', { user: aCustomer });
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('adds from /cart/:id', () => {
    mockApi({ 'GET /api/products/p1': 'pending' });
    renderPage('/cart/p1?qty=2');
    expect(screen.getByRole('status', { name: 'Adding to cart...' })).toBeInTheDocument();
  });

  it('says that other pages belong to the shop', () => {
    mockApi({});
    renderPage('/admin/userList');
    expect(screen.getByText('This page is not part of the checkout; open it in the shop.')).toBeInTheDocument();
  });
});
