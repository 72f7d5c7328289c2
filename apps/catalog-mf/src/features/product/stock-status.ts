import { MAX_LINE_QUANTITY } from '@shop/contracts';

/** The stock status text of spec section 2. */
export function stockStatus(countInStock: number): 'In Stock' | 'Out of Stock' {
  return countInStock > 0 ? 'In Stock' : 'Out of Stock';
}

/**
 * The quantity choices of spec section 5: 1..countInStock (none when out of stock), and no more than
 * one order line may hold (MAX_LINE_QUANTITY, 100), however large the stock.
 */
export function quantityOptions(countInStock: number): number[] {
  return Array.from({ length: Math.max(0, Math.min(Math.floor(countInStock), MAX_LINE_QUANTITY)) }, (_, index) => index + 1);
}
