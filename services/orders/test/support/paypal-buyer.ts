import type { PayPalStandIn } from '@shop/paypal-stand-in';

/** A PayPal order as PayPal's API shows it to the merchant (the parts the tests read). */
export interface PayPalOrderView {
  id: string;
  status: string;
  intent: string;
  update_time?: string;
  payer?: { email_address: string };
  purchase_units: { custom_id?: string; invoice_id?: string; amount: { currency_code: string; value: string }; payments?: { captures?: { id: string; status: string; update_time?: string }[] } }[];
}

/** What a browser may put in a PayPal order it creates with the public client id. */
export interface BrowserOrder {
  currency?: string;
  /** The purchase unit's custom_id (the shop order it claims to pay). */
  customId?: string;
  invoiceId?: string;
  email?: string;
  intent?: 'CAPTURE' | 'AUTHORIZE';
  /** Several purchase units instead of one: each its value and custom_id. */
  units?: { value: string; customId?: string }[];
}

/**
 * Plays the browser and the buyer against PayPal's REST API (here the stand-in), with only what a
 * browser holds: the public client id. It creates a PayPal order saying whatever it likes, the buyer
 * approves it in PayPal's window, and the shop is told its id; the shop captures.
 */
export class PayPalBuyer {
  constructor(private readonly paypal: PayPalStandIn) {}

  /** A PayPal order created by a browser and approved by the buyer, not captured: what onApprove reports. */
  async pay(value: string, options: BrowserOrder = {}): Promise<PayPalOrderView> {
    const created = await this.create(value, options);
    this.paypal.approve(created.id, { email_address: options.email ?? 'buyer@example.com' });
    return this.show(created.id);
  }

  /** A PayPal order created by a browser, left CREATED (the buyer never approved it). */
  created(value: string, options: BrowserOrder = {}): Promise<{ id: string }> {
    return this.create(value, options);
  }

  /** The browser captures the approved order itself, as PayPal's SDK lets it (the shop's pages never do). */
  async captureInBrowser(id: string): Promise<PayPalOrderView> {
    await this.call('POST', `/v2/checkout/orders/${id}/capture`, {});
    return this.show(id);
  }

  /** PayPal's full account of an order, as the merchant sees it. */
  show(id: string): Promise<PayPalOrderView> {
    return this.call('GET', `/v2/checkout/orders/${id}`, undefined);
  }

  /** The capture's state at PayPal (COMPLETED, REFUNDED…). */
  capture(id: string): Promise<{ id: string; status: string }> {
    return this.call('GET', `/v2/payments/captures/${id}`, undefined);
  }

  private create(value: string, { currency = 'USD', customId, invoiceId, intent = 'CAPTURE', units }: BrowserOrder): Promise<{ id: string }> {
    const purchaseUnits = units
      ? units.map((unit, index) => ({ reference_id: `unit-${index}`, amount: { currency_code: currency, value: unit.value }, ...(unit.customId && { custom_id: unit.customId }) }))
      : [{ amount: { currency_code: currency, value }, ...(customId && { custom_id: customId }), ...(invoiceId && { invoice_id: invoiceId }) }];
    return this.call('POST', '/v2/checkout/orders', { intent, purchase_units: purchaseUnits });
  }

  private async call<T>(method: string, path: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.paypal.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${await this.token()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** The browser's token, got the way the stand-in's JS SDK gets it: with the public client id alone. */
  private async token(): Promise<string> {
    const response = await fetch(`${this.paypal.url}/stand-in/sdk/token?client-id=${encodeURIComponent(this.paypal.clientId)}`, { method: 'POST' });
    if (!response.ok) throw new Error(`the stand-in's SDK token answered ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  }
}

/** An order PayPal holds in a given state, made directly through the stand-in's test endpoint (no buyer involved). */
export async function standInOrder(
  paypal: PayPalStandIn,
  body: { amount: { currency_code: string; value: string }; status?: string; capture_status?: string; custom_id?: string },
): Promise<{ id: string }> {
  const response = await fetch(`${paypal.url}/stand-in/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST /stand-in/orders answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}
