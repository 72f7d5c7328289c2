/**
 * A local stand-in of PayPal's REST API (OAuth token, Orders v2) and JS SDK,
 * for development and tests of the shop where PayPal cannot be reached.
 * See docs/paypal-stand-in.md for the contract it keeps.
 */
export { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, startPayPalStandIn } from './server.js';
export type { Disruption, PayPalStandIn, PayPalStandInOptions, RequestLogEntry } from './server.js';
export { DEFAULT_BUYER } from './orders/buyer.js';
export type { BuyerInput } from './orders/buyer.js';
