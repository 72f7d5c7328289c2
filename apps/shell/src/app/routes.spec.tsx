import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, matchRoutes } from 'react-router-dom';
import { REMOTE_PAGES } from '@shop/contracts';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  loadRemote,
  registerRemotes: jest.fn(),
}));

const { App } = await import('./app.js');
const { ShellRoutes, shellRoutes } = await import('./routes.js');
const { remotePageFor, shopRoutes } = await import('./route-table.js');

function HomePage() {
  return <h1>Latest Products</h1>;
}

/** Every route of spec section 2, as a URL, with the remote and page that own it. */
const specRoutes: Array<[path: string, remote: string, module: string]> = [
  ['/', 'catalog', 'HomePage'],
  ['/page/2', 'catalog', 'HomePage'],
  ['/search/phone', 'catalog', 'HomePage'],
  ['/search/phone/page/2', 'catalog', 'HomePage'],
  ['/product/42', 'catalog', 'ProductPage'],
  ['/cart', 'checkout', 'CartPage'],
  ['/cart/42', 'checkout', 'CartPage'],
  ['/login', 'checkout', 'LoginPage'],
  ['/register', 'checkout', 'RegisterPage'],
  ['/profile', 'checkout', 'ProfilePage'],
  ['/shipping', 'checkout', 'ShippingPage'],
  ['/payment', 'checkout', 'PaymentPage'],
  ['/placeorder', 'checkout', 'PlaceOrderPage'],
  ['/order/42', 'checkout', 'OrderPage'],
  ['/admin/userList', 'admin', 'UserListPage'],
  ['/admin/userlist/2', 'admin', 'UserListPage'],
  ['/admin/users/42/edit', 'admin', 'UserEditPage'],
  ['/admin/productList', 'admin', 'ProductListPage'],
  ['/admin/productlist/2', 'admin', 'ProductListPage'],
  ['/admin/product/42/edit', 'admin', 'ProductEditPage'],
  ['/admin/orderList', 'admin', 'OrderListPage'],
  ['/admin/orderlist/2', 'admin', 'OrderListPage'],
  ['/admin/releases', 'admin', 'ReleasesPage'],
  ['/admin/dashboard', 'admin', 'DashboardPage'],
];

describe('the route table of spec section 2', () => {
  it.each(specRoutes)('gives %s to %s/%s', (pathname, remote, module) => {
    expect(remotePageFor(pathname)).toMatchObject({ remote, module });
  });

  it("names only pages the remotes expose by the contract (libs/contracts' REMOTE_PAGES)", () => {
    for (const { remote, module } of shopRoutes) {
      expect(REMOTE_PAGES[remote] as readonly string[]).toContain(module);
    }
  });

  it('matches paths as the router does: whole segments, any letter case, optional segments', () => {
    expect(remotePageFor('/ADMIN/ORDERLIST')).toMatchObject({ module: 'OrderListPage' });
    expect(remotePageFor('/cart/')).toMatchObject({ module: 'CartPage' });
    expect(remotePageFor('/cart/42/more')).toBeUndefined();
    expect(remotePageFor('/nowhere')).toBeUndefined();
  });
});

describe('the router', () => {
  it.each(specRoutes)('renders the page of the remote the table names at %s', (pathname, remote, module) => {
    const page = matchRoutes(shellRoutes, pathname)?.at(-1)?.route.element as ReactElement<object> | undefined;

    expect(page?.props).toMatchObject({ remote, module });
  });
});

describe('the shell', () => {
  function renderAt(path: string) {
    render(
      <App>
        <MemoryRouter initialEntries={[path]}>
          <ShellRoutes />
        </MemoryRouter>
      </App>,
    );
  }

  beforeEach(() => {
    loadRemote.mockReset();
    loadRemote.mockImplementation(async (id) => {
      if (id === 'catalog/HomePage') return { default: HomePage };
      throw new Error(`remote of ${id} is not registered`);
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it.each(['/', '/search/phone/page/2'])('shows the catalog home list in its frame at %s', async (path) => {
    renderAt(path);

    expect(await screen.findByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Latest Products' }));
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Copyright © ProShop');
  });

  it('shows the notice inside the frame for a remote that is not there yet', async () => {
    renderAt('/cart/42');

    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the shop is unavailable right now');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
