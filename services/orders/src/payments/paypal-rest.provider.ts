import { Logger } from '@nestjs/common';
import { SHOP_CURRENCY } from '@shop/contracts';
import type { PayPalSettings } from '../config.js';
import { centsOf, decimalOf } from '@shop/pricing';
import {
  PaymentNotFoundError,
  PaymentProvider,
  PaymentProviderUnavailableError,
  type ProviderCapture,
  type ProviderPayment,
} from './payment-provider.js';

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

interface AccessToken {
  value: string;
  expiresAt: number;
}

/** The parts of PayPal's Orders v2 answer the shop reads (GET /v2/checkout/orders/{id}). */
interface PayPalOrder {
  id?: unknown;
  status?: unknown;
  update_time?: unknown;
  payer?: { email_address?: unknown };
  purchase_units?: {
    custom_id?: unknown;
    payments?: { captures?: { id?: unknown; status?: unknown; update_time?: unknown; amount?: { currency_code?: unknown; value?: unknown } }[] };
  }[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** PayPal's order as the shop's provider-neutral payment; fields PayPal did not send stay empty. */
function paymentOf(order: PayPalOrder, requestedId: string): ProviderPayment {
  const units = Array.isArray(order.purchase_units) ? order.purchase_units : [];
  const captures: ProviderCapture[] = units.flatMap((unit) =>
    (Array.isArray(unit?.payments?.captures) ? unit.payments.captures : []).map((capture) => ({
      id: text(capture?.id) ?? '',
      status: text(capture?.status) ?? '',
      currencyCode: text(capture?.amount?.currency_code) ?? '',
      amountCents: centsOf(capture?.amount?.value),
      updateTime: text(capture?.update_time),
    })),
  );
  const shopOrderId = units.map((unit) => text(unit?.custom_id)).find(Boolean);
  return {
    id: text(order.id) ?? requestedId,
    status: text(order.status) ?? '',
    captures,
    payerEmail: text(order.payer?.email_address),
    updateTime: text(order.update_time),
    ...(shopOrderId && { shopOrderId }),
  };
}

/**
 * PayPal's REST API: an OAuth client-credentials token (cached until shortly
 * before it expires), then the Orders v2 API. PayPal's sandbox, PayPal live and
 * the local PayPal stand-in keep the same contract, so `apiBase` alone picks one.
 */
export class PayPalRestProvider extends PaymentProvider {
  private readonly logger = new Logger('PayPal');
  private token?: AccessToken;
  private tokenRequest?: Promise<AccessToken>;

  constructor(private readonly settings: PayPalSettings) {
    super();
  }

  async findPayment(id: string): Promise<ProviderPayment> {
    const path = `/v2/checkout/orders/${encodeURIComponent(id)}`;
    const response = await this.authorized(path, {});
    // 403: an order of another merchant, which these credentials may not see; to the shop it does not exist.
    if (response.status === 404 || response.status === 403) throw new PaymentNotFoundError(id);
    if (!response.ok) throw this.unavailable(`GET ${path} answered ${response.status}`);
    return paymentOf((await this.json(response, path)) as PayPalOrder, id);
  }

  async openPayment(shopOrderId: string, totalCents: number): Promise<string> {
    const path = '/v2/checkout/orders';
    const value = decimalOf(totalCents);
    const response = await this.authorized(path, {
      method: 'POST',
      // PayPal's idempotency key: a retry (or a second click) answers the same PayPal order.
      headers: { 'Content-Type': 'application/json', 'PayPal-Request-Id': `shop-order-${shopOrderId}-${totalCents}` },
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [{ reference_id: shopOrderId, custom_id: shopOrderId, invoice_id: shopOrderId, amount: { currency_code: SHOP_CURRENCY, value } }],
      }),
    });
    if (!response.ok) throw this.unavailable(`POST ${path} answered ${response.status}`);
    const body = (await this.json(response, path)) as { id?: unknown };
    if (typeof body.id !== 'string') throw this.unavailable(`POST ${path} answered no order id`);
    return body.id;
  }

  async capture(id: string): Promise<ProviderPayment> {
    const path = `/v2/checkout/orders/${encodeURIComponent(id)}/capture`;
    const response = await this.authorized(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'PayPal-Request-Id': `capture-${id}`, Prefer: 'return=representation' },
      body: '{}',
    });
    // 422: not approved by the buyer (or already captured by someone else's request id): nothing to take.
    if (response.status === 404 || response.status === 403 || response.status === 422) throw new PaymentNotFoundError(id);
    if (!response.ok) throw this.unavailable(`POST ${path} answered ${response.status}`);
    return paymentOf((await this.json(response, path)) as PayPalOrder, id);
  }

  /** A call with the bearer token; a 401 (a token revoked or expired early) gets one fresh token and one more try. */
  private async authorized(path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    const send = async () => this.call(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${await this.accessToken()}` } });
    const response = await send();
    if (response.status !== 401) return response;
    this.token = undefined;
    return send();
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    // Concurrent payments share one token request.
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = undefined;
    });
    this.token = await this.tokenRequest;
    return this.token.value;
  }

  private async requestToken(): Promise<AccessToken> {
    const path = '/v1/oauth2/token';
    const { clientId, clientSecret } = this.settings;
    const response = await this.call(path, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) {
      if (response.status === 401) this.logger.error('PayPal refused the client id and secret (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET)');
      throw this.unavailable(`POST ${path} answered ${response.status}`);
    }
    const body = (await this.json(response, path)) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw this.unavailable(`POST ${path} answered no access_token`);
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 0) * 1000;
    return { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_RENEWAL_MARGIN_MS) };
  }

  private async call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.settings.apiBase}${path}`, {
        ...init,
        headers: { Accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw this.unavailable(`${init.method ?? 'GET'} ${path} failed: ${String(error)}`);
    }
  }

  private async json(response: Response, path: string): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw this.unavailable(`${path} answered a body that is not JSON`);
    }
  }

  private unavailable(reason: string): PaymentProviderUnavailableError {
    this.logger.warn(`PayPal at ${this.settings.apiBase}: ${reason}`);
    return new PaymentProviderUnavailableError(reason);
  }
}
