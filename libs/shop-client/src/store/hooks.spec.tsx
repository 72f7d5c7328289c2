import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import '@testing-library/jest-dom/jest-globals';
import type { ReactNode } from 'react';
import { ShopClientProvider } from '../query/shop-client-provider.js';
import { useCart, useSession, useShopActions } from './hooks.js';
import { createShopStore, type ShopStore } from './shop-store.js';

const item = { product: 'p1', name: 'Phone', image: '/phone.jpg', price: 19.99, countInStock: 5, quantity: 2 };

/** The header's cart link, as one remote shows it. */
function CartLink() {
  const { count, subtotal } = useCart();
  return <a href="/cart">{`Cart (${count}) $${subtotal.toFixed(2)}`}</a>;
}

/** A button of another remote that changes the same store. */
function AddButton() {
  const { addToCart } = useShopActions();
  return <button onClick={() => addToCart(item)}>Add to Cart</button>;
}

function Greeting() {
  const { userInfo, isAdmin } = useSession();
  return <p>{userInfo ? `${userInfo.name}${isAdmin ? ' (admin)' : ''}` : 'Sign In'}</p>;
}

describe('store hooks', () => {
  let store: ShopStore;
  beforeEach(() => {
    localStorage.clear();
    store = createShopStore();
  });
  afterEach(() => store.dispose());
  /** The components under the provider of `store`, as the shell and the remotes' pages are. */
  const withStore = (children: ReactNode) => <ShopClientProvider store={store}>{children}</ShopClientProvider>;

  it('shows a change made by one component at once in another', async () => {
    render(
      withStore(
        <>
          <CartLink />
          <AddButton />
        </>,
      ),
    );
    expect(screen.getByRole('link', { name: 'Cart (0) $0.00' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(screen.getByRole('link', { name: 'Cart (2) $39.98' })).toBeInTheDocument();
  });

  it('follows the session through sign-in and sign-out', () => {
    render(withStore(<Greeting />));
    expect(screen.getByText('Sign In')).toBeInTheDocument();

    act(() => store.signIn({ _id: 'u1', name: 'Ann', email: 'ann@example.com', isAdmin: true, token: 't' }));
    expect(screen.getByText('Ann (admin)')).toBeInTheDocument();

    act(() => store.signOut());
    expect(screen.getByText('Sign In')).toBeInTheDocument();
  });
});
