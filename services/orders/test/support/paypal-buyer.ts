import type { PayPalStandIn } from '@shop/paypal-stand-in';

/** What PayPal's script hands the browser after a capture (the parts the shop's front end sends on). */
export interface CaptureResult {
  id: string;
  status: string;
  update_time?: string;
  payer: { email_address: string };
  purchase_units: { payments?: { captures?: { id: string; update_time?: string }[] } }[];
}

/**
 * Plays the browser and the buyer against PayPal's REST API (here the
 * stand-in): creates a PayPal order for `value` in `currency`, has the buyer
 * approve it, captures it, and answers the capture result.
 */
export class PayPalBuyer {
  constructor(private readonly paypal: PayPalStandIn) {}

  /** A paid and captured PayPal order. */
  async pay(value: string, options: { currency?: string; customId?: string; email?: string } = {}): Promise<CaptureResult> {
    const created = await this.create(value, options);
    this.paypal.approve(created.id, { email_address: options.email ?? 'buyer@example.com' });
    return this.call<CaptureResult>('POST', `/v2/checkout/orders/${created.id}/capture`, {});
  }

  /** PayPal's full account of an order, as the merchant sees it. */
  show(id: string): Promise<{ purchase_units: Record<string, unknown>[] }> {
    return this.call('GET', `/v2/checkout/orders/${id}`, undefined);
  }

  private create(value: string, { currency = 'USD', customId }: { currency?: string; customId?: string }): Promise<{ id: string }> {
    return this.call('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: currency, value }, ...(customId && { custom_id: customId }) }],
    });
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

  /** The browser's token, got the way the stand-in's JS SDK gets it (the shop's server uses the OAuth grant). */
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
