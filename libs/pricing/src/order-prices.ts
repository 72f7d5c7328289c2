/** Shipping is free when the items cost more than this, in cents. */
export const FREE_SHIPPING_OVER_CENTS = 100_00;
/** Shipping price otherwise, in cents. */
export const SHIPPING_CENTS = 50_00;
/** Tax on the items price, in whole percent, so tax is computed on integers. */
export const TAX_PERCENT = 10;

/** The amounts of an order, in integer cents. */
export interface OrderPrices {
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** A line as pricing sees it: its unit price and how many. */
export interface PricedLine {
  priceCents: number;
  quantity: number;
}

/**
 * Prices an order by the shop's rules (spec section 9), in integer cents so no float ever drifts:
 * items are the sum of price × quantity; shipping is free when the items cost more than 100.00, else
 * 50.00; tax is 10 % of the items, rounded half up to the cent (0.005 becomes 0.01); total = items +
 * shipping + tax. The orders service charges these amounts; the cart shows the same ones.
 */
export function priceOrder(lines: readonly PricedLine[]): OrderPrices {
  const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const shippingCents = itemsCents > FREE_SHIPPING_OVER_CENTS ? 0 : SHIPPING_CENTS;
  const taxCents = Math.floor((itemsCents * TAX_PERCENT + 50) / 100);
  return { itemsCents, shippingCents, taxCents, totalCents: itemsCents + shippingCents + taxCents };
}
