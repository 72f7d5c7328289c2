import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { UserInfoDto } from '@shop/contracts';
import type { CartItem } from './cart.js';
import { createShopStore, type ShopStore } from './shop-store.js';

const user: UserInfoDto = { _id: 'u1', name: 'Ann', email: 'ann@example.com', isAdmin: false, token: 'tok' };
const phone: CartItem = { product: 'p1', name: 'Phone', image: '/images/phone.jpg', price: 599.99, countInStock: 5, quantity: 1 };
const address = { address: '1 Main St', city: 'Town', postalCode: '12345', country: 'US' };

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');

describe('the shop store', () => {
  const stores: ShopStore[] = [];
  const newStore = () => {
    const store = createShopStore();
    stores.push(store);
    return store;
  };

  beforeEach(() => localStorage.clear());
  afterEach(() => stores.splice(0).forEach((store) => store.dispose()));

  it('starts empty, with PayPal as the payment gateway', () => {
    expect(newStore().getState()).toEqual({ userInfo: null, cartItems: [], shippingAddress: null, paymentGateway: 'PayPal' });
  });

  it('persists every part under its spec key', () => {
    const store = newStore();
    store.signIn(user);
    store.addToCart(phone);
    store.saveShippingAddress(address);
    store.savePaymentGateway('PayPal');

    expect(stored('userInfo')).toEqual(user);
    expect(stored('cartItems')).toEqual([phone]);
    expect(stored('shippingAddress')).toEqual(address);
    expect(stored('paymentGateway')).toBe('PayPal');
  });

  it('restores the stored state at start-up', () => {
    localStorage.setItem('userInfo', JSON.stringify(user));
    localStorage.setItem('cartItems', JSON.stringify([phone]));
    localStorage.setItem('shippingAddress', JSON.stringify(address));

    expect(newStore().getState()).toEqual({ userInfo: user, cartItems: [phone], shippingAddress: address, paymentGateway: 'PayPal' });
  });

  it('starts empty from corrupt or malformed storage instead of failing', () => {
    localStorage.setItem('userInfo', '{not json');
    localStorage.setItem('cartItems', JSON.stringify([phone, { junk: true }]));
    localStorage.setItem('shippingAddress', '"a string"');
    localStorage.setItem('paymentGateway', JSON.stringify('Bitcoin'));

    expect(newStore().getState()).toEqual({ userInfo: null, cartItems: [phone], shippingAddress: null, paymentGateway: 'PayPal' });
  });

  it('replaces the quantity of a product added again and removes a product by id', () => {
    const store = newStore();
    store.addToCart(phone);
    store.addToCart({ ...phone, product: 'p2', name: 'Case' });
    store.addToCart({ ...phone, quantity: 3 });
    expect(store.getState().cartItems.map((line) => [line.product, line.quantity])).toEqual([['p1', 3], ['p2', 1]]);

    store.removeFromCart('p1');
    expect(store.getState().cartItems.map((line) => line.product)).toEqual(['p2']);
    expect(stored('cartItems')).toHaveLength(1);
  });

  it('empties only the cart after an order, keeping the address and gateway', () => {
    const store = newStore();
    store.addToCart(phone);
    store.saveShippingAddress(address);
    store.clearCart();
    expect(store.getState()).toMatchObject({ cartItems: [], shippingAddress: address, paymentGateway: 'PayPal' });
  });

  it('forgets everything of the user on sign-out, in memory and in storage', () => {
    const store = newStore();
    store.signIn(user);
    store.addToCart(phone);
    store.saveShippingAddress(address);
    store.savePaymentGateway('PayPal');

    store.signOut();

    expect(store.getState()).toEqual({ userInfo: null, cartItems: [], shippingAddress: null, paymentGateway: 'PayPal' });
    for (const key of ['userInfo', 'cartItems', 'shippingAddress', 'paymentGateway']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('signs out without a storage too (storage blocked by the browser): the state in memory only', () => {
    const store = createShopStore({ storage: null, window: null });
    store.signIn(user);
    store.addToCart(phone);

    store.signOut();

    expect(store.getState()).toEqual({ userInfo: null, cartItems: [], shippingAddress: null, paymentGateway: 'PayPal' });
    store.dispose();
  });

  it('keeps the cart when only the user info is cleared (a new sign-in)', () => {
    const store = newStore();
    store.signIn(user);
    store.addToCart(phone);
    store.clearUserInfo();
    expect(store.getState()).toMatchObject({ userInfo: null, cartItems: [phone] });
  });

  it('tells subscribers of each change until they unsubscribe', () => {
    const store = newStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    store.addToCart(phone);
    unsubscribe();
    store.clearCart();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("takes another tab's changes from the storage event", () => {
    const store = newStore();
    const listener = jest.fn();
    store.subscribe(listener);

    localStorage.setItem('cartItems', JSON.stringify([phone]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cartItems', storageArea: localStorage }));
    expect(store.getState().cartItems).toEqual([phone]);

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    expect(store.getState().cartItems).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('ignores storage events of other keys', () => {
    const store = newStore();
    const listener = jest.fn();
    store.subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', storageArea: localStorage }));
    expect(listener).not.toHaveBeenCalled();
  });
});
