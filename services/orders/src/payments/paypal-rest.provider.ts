import { Logger } from '@nestjs/common';
import { SHOP_CURRENCY } from '@shop/contracts';
import type { PayPalSettings } from '../config.js';
import { centsOf, decimalOf } from '@shop/pricing';
import {
  PaymentNotFoundError,
  PaymentProvider,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
  type ProviderCapture,
  type ProviderPayment,
  type ProviderPurchaseUnit,
  type ProviderRefund,
} from './payment-provider.js';

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

interface AccessToken {
  value: string;
  expiresAt: number;
}

/** The parts of PayPal's Orders v2 answer the shop reads (GET /v2/checkout/orders/{id}). */
interface PayPalMoney {
  currency_code?: unknown;
  value?: unknown;
}

interface PayPalOrder {
  id?: unknown;
  status?: unknown;
  intent?: unknown;
  update_time?: unknown;
  payer?: { email_address?: unknown };
  purchase_units?: {
    custom_id?: unknown;
    invoice_id?: unknown;
    amount?: PayPalMoney;
    payments?: { captures?: { id?: unknown; status?: unknown; update_time?: unknown; amount?: PayPalMoney }[] };
  }[];
}

/** The parts of PayPal's error body the shop reads: the first issue of its details. */
interface PayPalErrorBody {
  details?: { issue?: unknown }[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** PayPal's order as the shop's provider-neutral payment; fields PayPal did not send stay empty. */
function paymentOf(order: PayPalOrder, requestedId: string): ProviderPayment {
  const rawUnits = Array.isArray(order.purchase_units) ? order.purchase_units : [];
  const units: ProviderPurchaseUnit[] = rawUnits.map((unit) => ({
    customId: text(unit?.custom_id),
    invoiceId: text(unit?.invoice_id),
    currencyCode: text(unit?.amount?.currency_code) ?? '',
    amountCents: centsOf(unit?.amount?.value),
    captures: (Array.isArray(unit?.payments?.captures) ? unit.payments.captures : []).map(
      (capture): ProviderCapture => ({
        id: text(capture?.id) ?? '',
        status: text(capture?.status) ?? '',
        currencyCode: text(capture?.amount?.currency_code) ?? '',
        amountCents: centsOf(capture?.amount?.value),
        updateTime: text(capture?.update_time),
      }),
    ),
  }));
  return {
    id: text(order.id) ?? requestedId,
    status: text(order.status) ?? '',
    intent: text(order.intent) ?? '',
    units,
    captures: units.flatMap((unit) => unit.captures),
    payerEmail: text(order.payer?.email_address),
    updateTime: text(order.update_time),
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

  async capture(id: string, requestId: string): Promise<ProviderPayment> {
    const path = `/v2/checkout/orders/${encodeURIComponent(id)}/capture`;
    const response = await this.authorized(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
      body: '{}',
    });
    if (response.status === 404 || response.status === 403) throw new PaymentNotFoundError(id);
    // 422: not approved by the buyer, captured already under another request id, intent AUTHORIZE: nothing taken.
    if (response.status === 422) throw new PaymentRefusedError(id, await this.issueOf(response));
    if (!response.ok) throw this.unavailable(`POST ${path} answered ${response.status}`);
    return paymentOf((await this.json(response, path)) as PayPalOrder, id);
  }

  async refund(captureId: string, requestId: string): Promise<ProviderRefund> {
    const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
    // No amount: the whole capture goes back.
    const response = await this.authorized(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'PayPal-Request-Id': requestId },
      body: '{}',
    });
    if (response.status === 404 || response.status === 403) throw new PaymentNotFoundError(captureId);
    if (response.status === 422) throw new PaymentRefusedError(captureId, await this.issueOf(response));
    if (!response.ok) throw this.unavailable(`POST ${path} answered ${response.status}`);
    const body = (await this.json(response, path)) as { id?: unknown; status?: unknown };
    if (typeof body.id !== 'string') throw this.unavailable(`POST ${path} answered no refund id`);
    return { id: body.id, status: text(body.status) ?? '' };
  }

  /** PayPal's issue code of a 422 (its first detail), or UNPROCESSABLE_ENTITY when the body says none. */
  private async issueOf(response: Response): Promise<string> {
    try {
      const body = (await response.json()) as PayPalErrorBody;
      return text(body.details?.[0]?.issue) ?? 'UNPROCESSABLE_ENTITY';
    } catch {
      return 'UNPROCESSABLE_ENTITY';
    }
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
