import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RemotePartProps } from '@shop/contracts';
import { provideRemoteParts } from '@shop/shop-client';
import { aCustomer, anAdmin, mockApi } from '@shop/web-testing';
import { renderPage } from './testing/render-page.js';

describe('the admin area running alone', () => {
  it.each([
    ['/admin/userList', 'Users'],
    ['/admin/userlist/2', 'Users'],
    ['/admin/users/u2/edit', 'Edit User'],
    ['/admin/productList', 'Products'],
    ['/admin/productlist/2', 'Products'],
    ['/admin/product/p1/edit', 'Edit Product'],
    ['/admin/orderList', 'Orders'],
    ['/admin/orderlist/2', 'Orders'],
    ['/admin/releases', 'Releases'],
    ['/admin/dashboard', 'Dashboard'],
  ])('shows %s to an admin under the heading %s', (path, heading) => {
    mockApi({
      'GET /api/users': 'pending',
      'GET /api/users/u2': 'pending',
      'GET /api/products': 'pending',
      'GET /api/products/p1': 'pending',
      'GET /api/orders': 'pending',
      'GET /api/releases': 'pending',
      'GET /api/orders/dashboard': 'pending',
      'GET /api/products/low-stock': 'pending',
    });
    renderPage(path, { user: anAdmin });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('says a page of another part of the shop is not here', () => {
    renderPage('/cart', { user: anAdmin });
    expect(screen.getByText('This page is not part of the admin area; open it in the shop.')).toBeInTheDocument();
  });
});

/**
 * The sign-in here is checkout's part, which the standalone page loads through Module Federation from
 * the running shop; here a loader that records what is asked for and gives a stand-in showing its title.
 */
const checkoutPart = { loaded: [] as string[], props: [] as Array<RemotePartProps['SignInForm']> };

function SignInFormStandIn(props: RemotePartProps['SignInForm']) {
  checkoutPart.props.push(props);
  return <h2>{props.title}</h2>;
}

beforeEach(() => {
  checkoutPart.loaded = [];
  checkoutPart.props = [];
  provideRemoteParts(async (id) => {
    checkoutPart.loaded.push(id);
    return { default: SignInFormStandIn };
  });
});

describe('the admin area running alone, signed out', () => {
  it("offers checkout's sign-in at an address of another part of the shop, then the admin pages once an admin signs in", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users': 'pending' });
    const { store } = renderPage('/login');
    expect(screen.getByText('This page is not part of the admin area; open it in the shop.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in as an admin to try the admin pages' })).toBeInTheDocument();
    expect(checkoutPart.loaded).toEqual(['checkout/SignInForm']);
    expect(checkoutPart.props.at(-1)).toEqual({ title: 'Sign in as an admin to try the admin pages' });

    act(() => store.signIn(anAdmin));
    const pages = await screen.findByRole('navigation', { name: 'Admin pages' });
    await user.click(within(pages).getByRole('link', { name: 'Users' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it("says to start the shop when checkout's sign-in cannot be loaded from it", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    provideRemoteParts(async () => {
      throw new Error('remote checkout is down');
    });
    mockApi({});
    renderPage('/login');
    await waitFor(() => expect(log).toHaveBeenCalledWith('Remote part checkout/SignInForm is unavailable:', 'remote checkout is down'));
    expect(
      screen.getByText("Checkout's sign-in could not be loaded: start the shop (npm start) so that this page can load it from the gateway."),
    ).toBeInTheDocument();
    log.mockRestore();
  });
});

describe('the admin area running alone, signed in as a customer', () => {
  it('says the account is not an admin, and offers neither a sign-in nor the admin pages', () => {
    mockApi({});
    renderPage('/login', { user: aCustomer });
    expect(screen.getByText('This account is not an admin.')).toBeInTheDocument();
    expect(checkoutPart.loaded).toEqual([]);
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument();
  });
});
