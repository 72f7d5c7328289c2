/**
 * Endpoints PayPal does not have, that stand in for what happens in PayPal's
 * own window or that tests need. None asks for a token: the buyer's approval
 * comes from a browser that holds no secret.
 *
 * - POST /stand-in/orders/{id}/approve  the buyer approves (body optional: `{ payer }`)
 * - POST /stand-in/orders               a test makes an order directly in a given state (only with
 *                                       the `testEndpoints` option: it makes completed captures out of nothing)
 * - POST /stand-in/sdk/token?client-id= the stand-in SDK gets its token (PayPal's SDK has its own)
 */
import { invalidClient, routeNotFound } from '../errors.js';
import { type Router, json } from '../http.js';
import { readBuyer } from '../orders/buyer.js';
import { readForgedOrder } from '../orders/forged-order-request.js';
import { fullOrder } from '../orders/order-view.js';
import type { StandInState } from '../stand-in-state.js';
import { isPlainObject } from '../validation.js';

export function standInRoutes(router: Router, state: StandInState, options: { testEndpoints: boolean }): void {
  router.on('POST', '/stand-in/orders/:id/approve', async (context) => {
    const body = await context.json();
    const order = state.orders.get(context.params[0]);
    const payer = readBuyer(isPlainObject(body) ? body.payer : undefined);
    return json(200, fullOrder(state.orders.approve(order.id, payer), context.base));
  });

  router.on('POST', '/stand-in/orders', async (context) => {
    if (!options.testEndpoints) throw routeNotFound();
    const order = state.orders.forge(readForgedOrder(await context.json()));
    return json(201, fullOrder(order, context.base));
  });

  router.on('POST', '/stand-in/sdk/token', (context) => {
    if (context.url.searchParams.get('client-id') !== state.clientId) throw invalidClient();
    return json(200, state.tokens.issue());
  });
}
