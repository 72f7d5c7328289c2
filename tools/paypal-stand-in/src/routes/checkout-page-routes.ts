/**
 * GET /checkoutnow?token={order id}: the stand-in of PayPal's approval window,
 * where an order's `approve` link leads. A person pays (or cancels) with one
 * button; the buyer is the sandbox's default one. When the merchant gave a
 * return_url or cancel_url, the page sends the buyer back there as PayPal does.
 */
import { PayPalError } from '../errors.js';
import { type RequestContext, type Router, html, seeOther } from '../http.js';
import { DEFAULT_BUYER, buyerOf } from '../orders/buyer.js';
import type { Order } from '../orders/order.js';
import type { StandInState } from '../stand-in-state.js';

export function checkoutPageRoutes(router: Router, state: StandInState): void {
  router.on('GET', '/checkoutnow', (context) => {
    const order = orderOf(context, state);
    if (!order) return html(404, page('No such order', '<p>This payment link does not lead to any order.</p>'));
    if (order.status === 'COMPLETED') return html(200, page('Already paid', '<p>This order is already paid.</p>'));
    return html(200, paymentPage(order, state));
  });

  router.on('POST', '/checkoutnow', async (context) => {
    const order = orderOf(context, state);
    if (!order) return html(404, page('No such order', '<p>This payment link does not lead to any order.</p>'));
    const action = new URLSearchParams(await context.text()).get('action');
    if (action === 'cancel') {
      return order.cancel_url ? seeOther(withQuery(order.cancel_url, { token: order.id })) : html(200, page('Payment cancelled', '<p>You can close this window.</p>'));
    }
    try {
      const payer = state.orders.approve(order.id, buyerOf({})).payer;
      return order.return_url
        ? seeOther(withQuery(order.return_url, { token: order.id, PayerID: payer?.payer_id ?? '' }))
        : html(200, page('Payment approved', '<p>The merchant can now capture the payment. You can close this window.</p>'));
    } catch (error) {
      if (error instanceof PayPalError) return html(422, page('Cannot pay', '<p>This order is already paid.</p>'));
      throw error;
    }
  });
}

function orderOf(context: RequestContext, state: StandInState): Order | undefined {
  const id = context.url.searchParams.get('token') ?? '';
  try {
    return state.orders.get(id);
  } catch {
    return undefined;
  }
}

function paymentPage(order: Order, state: StandInState): string {
  const amounts = order.purchase_units.map((unit) => `${unit.amount.value} ${unit.amount.currency_code}`).join(' + ');
  return page(
    'Pay with PayPal',
    `<p>Pay <strong>${escapeHtml(amounts)}</strong> to ${escapeHtml(state.orders.payee.email_address)}
      as ${escapeHtml(`${DEFAULT_BUYER.given_name} ${DEFAULT_BUYER.surname}`)} (${escapeHtml(DEFAULT_BUYER.email_address)}).</p>
    <form method="post">
      <button class="pay" name="action" value="approve">Pay now</button>
      <button name="action" value="cancel">Cancel</button>
    </form>`,
  );
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · PayPal stand-in</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 30rem; margin: 3rem auto; padding: 0 1rem; color: #111; }
    button { font: inherit; padding: .6rem 1.4rem; border-radius: 4px; border: 1px solid #888; background: #fff; cursor: pointer; }
    button.pay { background: #ffc439; border-color: #ffc439; font-weight: 700; color: #003087; }
    small { color: #555; }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(title)}</h1>
    ${content}
    <p><small>PayPal stand-in for development and tests: no money moves.</small></p>
  </main>
</body>
</html>
`;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
}
