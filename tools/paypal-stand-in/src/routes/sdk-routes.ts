/**
 * GET /sdk/js?client-id=…&currency=…: the stand-in of PayPal's JS SDK, loaded
 * the way @paypal/paypal-js loads PayPal's (`${sdkBaseUrl}?client-id=…`).
 * A bad query answers 400 with a script that throws, so the loader rejects.
 */
import { type Router, javascript } from '../http.js';
import { currencyDecimals } from '../money.js';
import { SDK_VERSION, sdkScript, sdkValidationError } from '../sdk/sdk-script.js';
import type { StandInState } from '../stand-in-state.js';

export function sdkRoutes(router: Router, state: StandInState): void {
  router.on('GET', '/sdk/js', (context) => {
    const query = context.url.searchParams;
    const clientId = query.get('client-id');
    const currency = query.get('currency') ?? 'USD';
    const intent = (query.get('intent') ?? 'capture').toLowerCase();
    if (!clientId) return javascript(400, sdkValidationError('Expected client-id to be passed'));
    if (clientId !== state.clientId) return javascript(400, sdkValidationError(`client-id not recognized for either production or sandbox: ${clientId}`));
    if (currencyDecimals(currency) === undefined) return javascript(400, sdkValidationError(`Invalid query value for currency: ${currency}`));
    if (intent !== 'capture') return javascript(400, sdkValidationError(`Invalid query value for intent: ${intent} (the stand-in supports capture only)`));
    return javascript(200, sdkScript({ clientId, currency, intent, apiBase: context.base, version: SDK_VERSION }));
  });
}
