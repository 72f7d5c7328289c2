/**
 * The states the dashboard counts orders in, and which of them are sales. The states and their SQL are
 * the order state machine's (`ORDER_STATES`, `ORDER_STATE_SQL` in src/orders/order-state-machine.ts): the
 * dashboard derives nothing of its own, so a state added there is counted here. This file only says what
 * the dashboard reads of them.
 */
import { ORDER_STATE_SQL, ORDER_STATES, type OrderState } from '../orders/lifecycle/order-state-machine.js';

/** Where an order stands, in the order the dashboard lists them (the state machine's). */
export const DISPLAY_STATES = ORDER_STATES;
export type DisplayState = OrderState;

/** An order's state in SQL, over `customer_order` aliased `o`. */
export const DISPLAY_STATE_SQL = ORDER_STATE_SQL;

/** The states whose orders count as sales: money the shop received and kept (not refunded). */
export const SALE_STATES = ['paid', 'delivered'] as const satisfies readonly DisplayState[];

/**
 * The SQL condition, over `customer_order` aliased `o`, of an order in one of `SALE_STATES` (paid, then
 * delivered or not; a refunded order's status is `refunded`). Written on the plain columns rather than as
 * `DISPLAY_STATE_SQL IN (…)`: PostgreSQL estimates a CASE at 0.5% of the rows, and at 50,000 orders that sent
 * the best sellers' join into a nested loop over every paid order of the window (docs/orders.md,
 * "Dashboard"). It also lets the partial index `order_paid_at` (WHERE is_paid) serve. Keep it equal to
 * `SALE_STATES` when the states change (test/dashboard.e2e-spec.ts counts every state).
 */
export const IS_SALE_SQL = `(o.is_paid AND o.status = 'confirmed')`;
