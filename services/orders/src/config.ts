import { z } from 'zod';
import { JWKS_PATH } from '@shop/contracts';
import { mailSettings } from '@shop/mail';
import { ConfigError, durationSetting, loadConfig, portSetting, serviceSettings } from '@shop/service-kit';

/** The PayPal REST APIs: PayPal's sandbox and live APIs share one contract with the local stand-in. */
export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';
export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';
/** PayPal's JS SDK, the same script for sandbox and live (the client id tells them apart). */
export const PAYPAL_SDK = 'https://www.paypal.com/sdk/js';

/** Where the local PayPal stand-in listens by default (`npm start` runs it on PORT+4), and the client it accepts. */
export const STAND_IN_API = 'http://127.0.0.1:3004';
export const STAND_IN_CLIENT = { id: 'sb-stand-in', secret: 'stand-in-secret' } as const;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** The orders service's settings (docs/settings.md). */
export const ordersSettings = {
  ...serviceSettings,
  PORT: portSetting(3003),
  USERS_URL: z.url().default('http://127.0.0.1:3002').meta({
    description: 'The users service, whose public keys the orders service verifies tokens with ({USERS_URL}/.well-known/jwks.json).',
  }),
  JWKS_URL: z.url().optional().meta({ description: 'Where the users service\'s public keys are, instead of {USERS_URL}/.well-known/jwks.json.' }),
  PAYPAL_API_BASE: httpUrl.optional().meta({
    description:
      'PayPal\'s REST API: https://api-m.sandbox.paypal.com (sandbox) or https://api-m.paypal.com (live), or the stand-in. Unset outside production: the local PayPal stand-in (http://127.0.0.1:3004; npm start runs it on PORT+4) with its own client. With NODE_ENV=production, PAYPAL_API_BASE, PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are required; set, it needs its client too.',
  }),
  PAYPAL_CLIENT_ID: z.string().min(1).optional().meta({
    description: 'The PayPal REST app\'s client id (answered to the browser by /api/config/paypal); unset with the stand-in: sb-stand-in.',
  }),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional().meta({
    description: 'The PayPal REST app\'s secret, which stays on the server; unset with the stand-in: stand-in-secret.',
  }),
  PAYPAL_SDK_URL: httpUrl.optional().meta({
    description: 'The PayPal script the browser loads; unset: PayPal\'s own for PayPal\'s APIs, {PAYPAL_API_BASE}/sdk/js otherwise.',
  }),
  PAYPAL_TIMEOUT_MS: z
    .coerce.number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .meta({ description: 'How long one call to PayPal may take before the payment answers 503.' }),
  PAYMENT_HOLD: durationSetting.prefault('30m').meta({
    description:
      'How long a confirmed, unpaid order holds its stock (12h, 30m, 45s, 7d); then it is cancelled with "Payment not received in time" and its stock released.',
  }),
  /** SMTP_URL, MAIL_FROM, PUBLIC_URL: how the order mails go out and where their links lead. */
  ...mailSettings,
};

/** How the service reaches PayPal, settled once at start-up. */
export interface PayPalSettings {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  sdkUrl: string;
  timeoutMs: number;
}

export type OrdersSettings = z.infer<z.ZodObject<typeof ordersSettings>>;
export type OrdersConfig = OrdersSettings & { paypal: PayPalSettings };

function isPayPalItself(apiBase: string): boolean {
  const { host } = new URL(apiBase);
  return host === new URL(PAYPAL_LIVE_API).host || host === new URL(PAYPAL_SANDBOX_API).host;
}

/**
 * Production needs PayPal's address and credentials spelled out. Elsewhere an
 * unset PAYPAL_API_BASE means the local stand-in with its own client; a
 * PAYPAL_API_BASE that is set needs its credentials too (a real PayPal API
 * with the stand-in's client would only fail at the first payment).
 */
export function payPalSettingsOf(settings: OrdersSettings): PayPalSettings {
  const { PAYPAL_API_BASE, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_SDK_URL, PAYPAL_TIMEOUT_MS, NODE_ENV } = settings;
  const useStandIn = !PAYPAL_API_BASE && NODE_ENV !== 'production';
  const required = useStandIn ? {} : { PAYPAL_API_BASE, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => `${name}: required ${NODE_ENV === 'production' ? 'in production' : 'when PAYPAL_API_BASE is set'}`);
  if (missing.length > 0) throw new ConfigError(missing);
  const apiBase = (PAYPAL_API_BASE ?? STAND_IN_API).replace(/\/+$/, '');
  return {
    apiBase,
    clientId: PAYPAL_CLIENT_ID ?? STAND_IN_CLIENT.id,
    clientSecret: PAYPAL_CLIENT_SECRET ?? STAND_IN_CLIENT.secret,
    sdkUrl: PAYPAL_SDK_URL ?? (isPayPalItself(apiBase) ? PAYPAL_SDK : `${apiBase}/sdk/js`),
    timeoutMs: PAYPAL_TIMEOUT_MS,
  };
}

export const loadOrdersConfig = (env: Record<string, string | undefined> = process.env): OrdersConfig => {
  const settings = loadConfig(ordersSettings, env);
  return { ...settings, paypal: payPalSettingsOf(settings) };
};

/** The JWKS the orders service verifies tokens with. */
export function jwksUrlOf(config: Pick<OrdersConfig, 'JWKS_URL' | 'USERS_URL'>): string {
  return config.JWKS_URL ?? new URL(JWKS_PATH, config.USERS_URL).toString();
}
