import type { EntityManager } from 'typeorm';
import { html, trustedHtml, type MailOutcome, type OutgoingMail, type SafeHtml } from '@shop/mail';
import { recordOrderSteps, type OrderStep } from '../orders/lifecycle/order-lifecycle.js';
import { isPaidIn } from '../orders/lifecycle/order-state-machine.js';
import type { Order } from '../orders/order.entity.js';

/** The key of an order mail (`orderMailOf`): the event it tells of and the order, so one event mails once. */
const ORDER_MAIL_KEY = /^(order\.[a-z]+):([0-9a-f-]{36})$/;

/**
 * The mail sender's outcomes kept in each order's history (MailOptions.onOutcome): a mail sent, or given
 * up and why, with its subject; in the transaction that marks them. Mails that are not an order's are skipped.
 */
export async function recordOrderMailOutcomes(manager: EntityManager, outcomes: readonly MailOutcome[]): Promise<void> {
  const steps: OrderStep[] = [];
  for (const outcome of outcomes) {
    const [, event, orderId] = ORDER_MAIL_KEY.exec(outcome.key) ?? [];
    if (!event || !orderId) continue;
    steps.push({
      orderId,
      type: outcome.sent ? 'mail-sent' : 'mail-failed',
      at: outcome.at,
      actor: { kind: 'shop' },
      reason: outcome.error ?? null,
      details: { event, subject: outcome.subject },
    });
  }
  await recordOrderSteps(manager, steps);
}

/** The order events a customer gets a mail of. */
export type OrderMailSubject = 'order.confirmed' | 'order.paid' | 'order.delivered' | 'order.cancelled' | 'order.refunded';

/** What one kind of order mail says, besides what every order mail shows (the lines, the totals, the link). */
interface OrderMailWording {
  subject: (orderId: string) => string;
  /** The paragraph above the order, plain text (escaped in the HTML). */
  lead: (order: Order) => string;
}

/**
 * Each order mail's words, by the event it tells of. To add a mail: an entry here, its subject in
 * `OrderMailSubject`, a handler in this folder, and `orders/mail` among the event's consumers.
 */
export const ORDER_MAILS: Record<OrderMailSubject, OrderMailWording> = {
  'order.confirmed': {
    subject: (id) => `Your order ${id} is confirmed`,
    lead: () => 'Thank you for your order. Its items are set aside for you: it is ready to be paid.',
  },
  'order.paid': {
    subject: (id) => `We received your payment for order ${id}`,
    lead: (order) => `Your payment of ${usd(order.totalCents)} was received${order.paidAt ? ` on ${day(order.paidAt)}` : ''}. We are preparing your order.`,
  },
  'order.delivered': {
    subject: (id) => `Your order ${id} was delivered`,
    lead: (order) => `Your order was delivered${order.deliveredAt ? ` on ${day(order.deliveredAt)}` : ''}. We hope you enjoy it.`,
  },
  'order.cancelled': {
    subject: (id) => `Your order ${id} was cancelled`,
    lead: (order) => `Your order was cancelled${order.cancelReason ? `: ${sentence(order.cancelReason)}` : '.'}${isPaidIn(order.state) ? '' : ' Nothing was charged.'}`,
  },
  'order.refunded': {
    subject: (id) => `Your payment for order ${id} was refunded`,
    lead: (order) =>
      `We refunded your payment of ${usd(order.totalCents)}${order.refundedAt ? ` on ${day(order.refundedAt)}` : ''}. It goes back to your PayPal account; PayPal may take a few days to show it.`,
  },
};

/** An amount of cents in US dollars with 2 decimals: $1,234.50. */
/**
 * Made once: `toLocaleString` with options builds a formatter at every call, which took 5 % of the
 * orders process's CPU under the order pipeline's load (a mail has a dozen amounts; docs/order-pipeline.md).
 */
const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function usd(cents: number): string {
  return `$${DOLLARS.format(cents / 100)}`;
}

/** A reason as the end of a sentence: with its full stop. */
const sentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** A date as the spec shows dates outside the profile: the first 10 characters of the ISO date. */
const day = (date: Date): string => new Date(date).toISOString().slice(0, 10);

/** Where the customer's mail goes: the address the users service has now, else the one the order was placed with. */
function recipientOf(order: Order): { to: string; name: string } {
  return order.customer && !order.customer.deleted
    ? { to: order.customer.email, name: order.customer.name }
    : { to: order.userEmail, name: order.userName };
}

/**
 * The mail telling the customer of `subject` about `order`: text and HTML with the order's lines,
 * totals and a link to its page. Every value of the order is escaped in the HTML (names come from
 * people), and the key (`subject:orderId`) makes it one mail however often the event arrives.
 */
export function orderMailOf(subject: OrderMailSubject, order: Order, publicUrl: string): OutgoingMail {
  const wording = ORDER_MAILS[subject];
  const { to, name } = recipientOf(order);
  const link = `${publicUrl}/order/${order.id}`;
  const lead = wording.lead(order);
  const lines = [...order.items].sort((a, b) => a.position - b.position);
  const totals: [string, number][] = [
    ['Items', order.itemsCents],
    ['Shipping', order.shippingCents],
    ['Tax', order.taxCents],
    ['Total', order.totalCents],
  ];
  const text = [
    `Hello ${name},`,
    '',
    lead,
    '',
    `Order ${order.id}`,
    ...lines.map((line) => `  ${line.quantity} x ${line.name} at ${usd(line.priceCents)} = ${usd(line.priceCents * line.quantity)}`),
    '',
    ...totals.map(([label, cents]) => `  ${label}: ${usd(cents)}`),
    '',
    `See your order: ${link}`,
  ].join('\n');
  const cell = trustedHtml('style="padding:4px 8px;border-bottom:1px solid #dee2e6"');
  const rows: SafeHtml[] = lines.map(
    (line) => html`<tr><td ${cell}>${line.name}</td><td ${cell} align="right">${line.quantity}</td><td ${cell} align="right">${usd(line.priceCents)}</td><td ${cell} align="right">${usd(line.priceCents * line.quantity)}</td></tr>`,
  );
  const sums: SafeHtml[] = totals.map(
    ([label, cents]) => html`<tr><td colspan="3" align="right" ${cell}>${label}</td><td align="right" ${cell}>${usd(cents)}</td></tr>`,
  );
  const body = html`<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#212529">
<p>Hello ${name},</p>
<p>${lead}</p>
<h2 style="font-size:1.1em">Order ${order.id}</h2>
<table style="border-collapse:collapse">
<tr><th align="left">Product</th><th align="right">Quantity</th><th align="right">Price</th><th align="right">Amount</th></tr>
${rows}${sums}
</table>
<p><a href="${link}">See your order</a></p>
<p style="color:#6c757d;font-size:small">This mail was sent by the shop. Please do not answer it.</p>
</body></html>`;
  return { key: `${subject}:${order.id}`, to, toName: name, subject: wording.subject(order.id), text, html: body.value };
}
