import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import '@testing-library/jest-dom/jest-globals';
import { useCart, useSession } from './hooks.js';
import { createShopStore, type ShopStore } from './shop-store.js';

const item = { product: 'p1', name: 'Phone', image: '/phone.jpg', price: 19.99, countInStock: 5, quantity: 2 };

/** The header's cart link, as one remote shows it. */
function CartLink({ store }: { store: ShopStore }) {
  const { count, subtotal } = useCart(store);
  return <a href="/cart">{`Cart (${count}) $${subtotal.toFixed(2)}`}</a>;
}

/** A button of another remote that changes the same store. */
function AddButton({ store }: { store: ShopStore }) {
  return <button onClick={() => store.addToCart(item)}>Add to Cart</button>;
}

function Greeting({ store }: { store: ShopStore }) {
  const { userInfo, isAdmin } = useSession(store);
  return <p>{userInfo ? `${userInfo.name}${isAdmin ? ' (admin)' : ''}` : 'Sign In'}</p>;
}

describe('store hooks', () => {
  let store: ShopStore;
  beforeEach(() => {
    localStorage.clear();
    store = createShopStore();
  });
  afterEach(() => store.dispose());

  it('shows a change made by one component at once in another', async () => {
    render(
      <>
        <CartLink store={store} />
        <AddButton store={store} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Cart (0) $0.00' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(screen.getByRole('link', { name: 'Cart (2) $39.98' })).toBeInTheDocument();
  });

  it('follows the session through sign-in and sign-out', () => {
    render(<Greeting store={store} />);
    expect(screen.getByText('Sign In')).toBeInTheDocument();

    act(() => store.signIn({ _id: 'u1', name: 'Ann', email: 'ann@example.com', isAdmin: true, token: 't' }));
    expect(screen.getByText('Ann (admin)')).toBeInTheDocument();

    act(() => store.signOut());
    expect(screen.getByText('Sign In')).toBeInTheDocument();
  });
});
