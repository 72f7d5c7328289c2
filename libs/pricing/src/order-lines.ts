/** A line of an order: a product and how many of it. */
export interface OrderLine {
  productId: string;
  quantity: number;
}

/**
 * One line per product, in the order the products were first listed; the quantities of a repeated
 * product add up. The orders service prices and stores an order's lines so; the catalog reserves them so.
 */
export function mergeLines(lines: readonly OrderLine[]): OrderLine[] {
  const quantities = new Map<string, number>();
  for (const { productId, quantity } of lines) quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
}
