import { FREE_SHIPPING_OVER_CENTS, SHIPPING_CENTS, TAX_RATE } from '@shop/contracts';

/** A cart line (spec section 3): the product's id and what the cart shows of it, with the chosen quantity. */
export interface CartItem {
  product: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  quantity: number;
}

/** The prices of an order as the place-order summary shows them (spec section 9). */
export interface CartPrices {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

// Sums are made in whole cents so 0.1 + 0.2 never shows as 0.30000000000000004.
const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

/** How many items the cart holds: the sum of the quantities (the header's count, the subtotal's). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

/** The sum of price times quantity, to 2 decimals. */
export function cartSubtotal(items: readonly CartItem[]): number {
  return toDollars(items.reduce((cents, item) => cents + toCents(item.price) * item.quantity, 0));
}

/**
 * Items, shipping (free over $100, else $50), 10 % tax and total, as the spec computes them.
 * Only for display: the orders service prices every order itself.
 */
export function cartPrices(items: readonly CartItem[]): CartPrices {
  const itemsCents = toCents(cartSubtotal(items));
  const shippingCents = itemsCents > FREE_SHIPPING_OVER_CENTS ? 0 : SHIPPING_CENTS;
  const taxCents = Math.round(itemsCents * TAX_RATE);
  return {
    itemsPrice: toDollars(itemsCents),
    shippingPrice: toDollars(shippingCents),
    taxPrice: toDollars(taxCents),
    totalPrice: toDollars(itemsCents + shippingCents + taxCents),
  };
}

/** Adding a product already in the cart replaces its line in place; a new product is appended. */
export function withItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const exists = items.some((line) => line.product === item.product);
  return exists ? items.map((line) => (line.product === item.product ? item : line)) : [...items, item];
}
