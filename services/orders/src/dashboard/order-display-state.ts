/**
 * The states the dashboard counts orders in, and which of them are sales. The states and their SQL are
 * the order state machine's (`ORDER_STATES` and the order's `state` column, src/orders/lifecycle/order-state-machine.ts): the
 * dashboard derives nothing of its own, so a state added there is counted here. This file only says what
 * the dashboard reads of them.
 */
import { ORDER_STATES, type OrderState } from '../orders/lifecycle/order-state-machine.js';

/** Where an order stands, in the order the dashboard lists them (the state machine's). */
export const DISPLAY_STATES = ORDER_STATES;
export type DisplayState = OrderState;

/** An order's state in SQL, over `customer_order` aliased `o`. */
export const DISPLAY_STATE_SQL = 'o.state';

/** The states whose orders count as sales: money the shop received and kept (not refunded). */
export const SALE_STATES = ['paid', 'delivered'] as const satisfies readonly DisplayState[];

/** The SQL condition, over `customer_order` aliased `o`, of an order in one of `SALE_STATES`. */
export const IS_SALE_SQL = `(o.state IN (${SALE_STATES.map((state) => `'${state}'`).join(', ')}))`;
