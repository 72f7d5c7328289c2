/**
 * PayPal's Orders v2 API (create, show, capture) and Payments v2's captures and
 * refunds (show a capture, refund it, show a refund), each behind a bearer token
 * the stand-in issued.
 */
import { authenticationFailure, unprocessableEntity } from '../errors.js';
import { type RequestContext, type Router, json } from '../http.js';
import { readOrderRequest } from '../orders/order-request.js';
import { captureDetails, captureResult, fullOrder, minimalOrder, refundView } from '../orders/order-view.js';
import { readRefundRequest } from '../orders/refund-request.js';
import type { StandInState } from '../stand-in-state.js';

export function orderRoutes(router: Router, state: StandInState): void {
  const authorize = (context: RequestContext) => {
    if (!state.tokens.authorizes(context.header('authorization'))) throw authenticationFailure();
  };

  router.on('POST', '/v2/checkout/orders', async (context) => {
    authorize(context);
    const request = readOrderRequest(await context.json());
    const { order, replayed } = state.orders.create(request, requestIdOf(context));
    const body = prefers(context) === 'representation' ? fullOrder(order, context.base) : minimalOrder(order, context.base);
    return json(replayed ? 200 : 201, body);
  });

  router.on('GET', '/v2/checkout/orders/:id', (context) => {
    authorize(context);
    return json(200, fullOrder(state.orders.get(context.params[0]), context.base));
  });

  router.on('PATCH', '/v2/checkout/orders/:id', (context) => {
    authorize(context);
    state.orders.get(context.params[0]);
    throw unprocessableEntity([{ issue: 'UPDATE_NOT_SUPPORTED_BY_STAND_IN' }]);
  });

  router.on('POST', '/v2/checkout/orders/:id/capture', async (context) => {
    authorize(context);
    await context.json(); // a payment_source may come along; a body that is not JSON is refused as PayPal does
    const { order, replayed } = state.orders.capture(context.params[0], requestIdOf(context));
    const preference = prefers(context);
    const body =
      preference === 'minimal'
        ? minimalOrder(order, context.base)
        : preference === 'representation'
          ? fullOrder(order, context.base)
          : captureResult(order, context.base);
    return json(replayed ? 200 : 201, body);
  });

  router.on('GET', '/v2/payments/captures/:id', (context) => {
    authorize(context);
    const { order, unit, capture } = state.orders.findCapture(context.params[0]);
    return json(200, captureDetails(order, unit, capture, context.base));
  });

  router.on('POST', '/v2/payments/captures/:id/refund', async (context) => {
    authorize(context);
    const request = readRefundRequest(await context.json());
    const { refund, captureId, replayed } = state.orders.refund(context.params[0], request, requestIdOf(context));
    return json(replayed ? 200 : 201, refundView(refund, captureId, context.base, prefers(context) === 'representation'));
  });

  router.on('GET', '/v2/payments/refunds/:id', (context) => {
    authorize(context);
    const { refund, capture } = state.orders.findRefund(context.params[0]);
    return json(200, refundView(refund, capture.id, context.base, true));
  });
}

/** The `PayPal-Request-Id` that makes a request idempotent, if any. */
const requestIdOf = (context: RequestContext): string | undefined => context.header('paypal-request-id')?.trim() || undefined;

/** What the `Prefer` header asks for: `return=minimal`, `return=representation`, or nothing. */
function prefers(context: RequestContext): 'minimal' | 'representation' | undefined {
  const prefer = context.header('prefer') ?? '';
  if (/return=representation/i.test(prefer)) return 'representation';
  if (/return=minimal/i.test(prefer)) return 'minimal';
  return undefined;
}
