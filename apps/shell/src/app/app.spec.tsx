import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { shopStore, useCart, useSession, useShopClient } from '@shop/shop-client';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  loadRemote,
  registerRemotes: jest.fn(),
}));

const { App } = await import('./app.js');
const { ShellRoutes } = await import('./routes.js');


/** A remote's page as the remotes write them: no providers of its own, the host's are expected. */
function FakeProfilePage() {
  const { userInfo } = useSession();
  const { count } = useCart();
  const { http } = useShopClient();
  return (
    <>
      <h1>{userInfo ? `Hello ${userInfo.name}` : 'Nobody signed in'}</h1>
      <p>{`${count} in cart, api ${typeof http.request}`}</p>
    </>
  );
}

beforeEach(() => {
  loadRemote.mockReset();
  loadRemote.mockResolvedValue({ default: FakeProfilePage });
});

afterEach(() => act(() => shopStore.signOut()));

describe('App', () => {
  it('gives a remote page the shared session, cart and API client', async () => {
    shopStore.signIn({ _id: 'u1', name: 'Jane Doe', email: 'jane@example.com', isAdmin: false, token: 't' });
    render(
      <App>
        <MemoryRouter initialEntries={['/profile']}>
          <ShellRoutes />
        </MemoryRouter>
      </App>,
    );

    expect(await screen.findByRole('heading', { name: 'Hello Jane Doe' })).toBeInTheDocument();
    expect(screen.getByText('0 in cart, api function')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('checkout/ProfilePage');
  });

  it('shows the header and the page reading the same store', async () => {
    shopStore.signIn({ _id: 'u1', name: 'Jane Doe', email: 'jane@example.com', isAdmin: false, token: 't' });
    render(
      <App>
        <MemoryRouter initialEntries={['/profile']}>
          <ShellRoutes />
        </MemoryRouter>
      </App>,
    );
    await screen.findByRole('heading', { name: 'Hello Jane Doe' });

    act(() => shopStore.signOut());

    expect(screen.getByRole('heading', { name: 'Nobody signed in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });
});
