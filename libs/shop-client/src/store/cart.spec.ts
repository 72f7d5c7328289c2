import { describe, expect, it } from '@jest/globals';
import { cartCount, cartPrices, cartSubtotal, withItem, type CartItem } from './cart.js';

const item = (product: string, price: number, quantity: number): CartItem => ({
  product,
  name: `Product ${product}`,
  image: `/images/${product}.jpg`,
  price,
  countInStock: 10,
  quantity,
});

describe('cart math', () => {
  it('counts items as the sum of the quantities', () => {
    expect(cartCount([item('a', 1, 2), item('b', 1, 3)])).toBe(5);
    expect(cartCount([])).toBe(0);
  });

  it('sums price times quantity to exactly 2 decimals', () => {
    expect(cartSubtotal([item('a', 0.1, 1), item('b', 0.2, 1)])).toBe(0.3);
    expect(cartSubtotal([item('a', 89.99, 3)])).toBe(269.97);
    expect(cartSubtotal([])).toBe(0);
  });

  it('charges $50 shipping up to $100 of items and 10 % tax', () => {
    expect(cartPrices([item('a', 49.99, 2)])).toEqual({ itemsPrice: 99.98, shippingPrice: 50, taxPrice: 10, totalPrice: 159.98 });
  });

  it('ships free over $100', () => {
    expect(cartPrices([item('a', 100.01, 1)])).toEqual({ itemsPrice: 100.01, shippingPrice: 0, taxPrice: 10, totalPrice: 110.01 });
  });

  it('shows the tax the orders service charges, rounded half up to the cent', () => {
    // 10 % of $10.15 is $1.015: $1.02, as @shop/pricing's priceOrder charges it.
    expect(cartPrices([item('a', 10.15, 1)]).taxPrice).toBe(1.02);
    expect(cartPrices([item('a', 10.15, 1)]).totalPrice).toBe(61.17);
  });

  it('replaces the line of a product already in the cart and appends a new one', () => {
    const cart = [item('a', 1, 1), item('b', 2, 1)];
    expect(withItem(cart, item('a', 1, 4))).toEqual([item('a', 1, 4), item('b', 2, 1)]);
    expect(withItem(cart, item('c', 3, 1))).toEqual([...cart, item('c', 3, 1)]);
  });
});
