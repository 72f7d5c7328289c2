/**
 * The shop's money rules, in one place for the service that charges and the pages that show prices:
 * conversions between integer cents and dollars, the order pricing of spec section 9, and how the
 * lines of an order are merged. Pure functions, no dependencies: any front end or service may use them.
 */
export { centsOf, decimalOf, toCents, toDollars } from './money.js';
export { mergeLines, type OrderLine } from './order-lines.js';
export { FREE_SHIPPING_OVER_CENTS, priceOrder, SHIPPING_CENTS, TAX_PERCENT, type OrderPrices, type PricedLine } from './order-prices.js';
