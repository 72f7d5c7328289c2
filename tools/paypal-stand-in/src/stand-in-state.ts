/** What one running stand-in holds: its credentials, the tokens it issued and its orders. */
import type { OrderStore } from './orders/order-store.js';
import type { TokenStore } from './tokens.js';

export interface StandInState {
  /** The client id and secret it accepts, like one PayPal REST app. */
  clientId: string;
  clientSecret: string;
  tokens: TokenStore;
  orders: OrderStore;
}
