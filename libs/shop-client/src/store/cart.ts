import { priceOrder, toCents, toDollars } from '@shop/pricing';

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

/** How many items the cart holds: the sum of the quantities (the header's count, the subtotal's). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

const pricedLines = (items: readonly CartItem[]) => items.map((item) => ({ priceCents: toCents(item.price), quantity: item.quantity }));

/** The sum of price times quantity, to 2 decimals (added up in whole cents). */
export function cartSubtotal(items: readonly CartItem[]): number {
  return toDollars(priceOrder(pricedLines(items)).itemsCents);
}

/**
 * Items, shipping, tax and total by the rules the orders service charges (@shop/pricing), shown before
 * the order is placed. Only for display: the service prices every order itself.
 */
export function cartPrices(items: readonly CartItem[]): CartPrices {
  const prices = priceOrder(pricedLines(items));
  return {
    itemsPrice: toDollars(prices.itemsCents),
    shippingPrice: toDollars(prices.shippingCents),
    taxPrice: toDollars(prices.taxCents),
    totalPrice: toDollars(prices.totalCents),
  };
}

/** Adding a product already in the cart replaces its line in place; a new product is appended. */
export function withItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const exists = items.some((line) => line.product === item.product);
  return exists ? items.map((line) => (line.product === item.product ? item : line)) : [...items, item];
}
