/** The stock status text of spec section 2. */
export function stockStatus(countInStock: number): 'In Stock' | 'Out of Stock' {
  return countInStock > 0 ? 'In Stock' : 'Out of Stock';
}

/** The quantity choices of spec section 5: 1..countInStock (none when out of stock). */
export function quantityOptions(countInStock: number): number[] {
  return Array.from({ length: Math.max(0, Math.floor(countInStock)) }, (_, index) => index + 1);
}
