import { z } from 'zod';
import { frontEndFileSettings } from '@shop/mf-releases';
import { commonSettings, loadConfig, paypalSdkOriginSetting, portSetting, serviceUrlSetting, trustProxySetting } from '@shop/service-kit';

/** The gateway's settings (docs/settings.md). It owns no database and takes no part in events. */
export const gatewaySettings = {
  ...commonSettings,
  TRUST_PROXY: trustProxySetting.optional().meta({
    description:
      'The proxies in front of the gateway (a load balancer, an ingress) whose X-Forwarded-For names the client: addresses, CIDRs or loopback/linklocal/uniquelocal, separated by commas. Unset: none, the gateway is where clients connect and what they claim is replaced.',
  }),
  PORT: portSetting(3000),
  METRICS_PORT: z
    .coerce.number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .meta({
      description:
        'The port of the gateway\'s /metrics (Prometheus), apart from its public one, which never serves them (docs/operations.md, "Metrics and dashboards"); unset: no metrics served. npm start sets PORT+9. The services and the storefront server serve /metrics on their own ports.',
    }),
  REUSE_PORT: z.stringbool().default(false).meta({
    description:
      'Listen on PORT beside other gateway processes on this machine (SO_REUSEPORT): the kernel spreads connections over them, and one can restart while the others serve. npm start sets it when it runs REPLICAS gateways; off, a port in use is an error, as it should be.',
  }),
  CATALOG_URL: serviceUrlSetting('http://127.0.0.1:3001').meta({ description: 'The catalog service: its replicas\' URLs separated by commas.' }),
  USERS_URL: serviceUrlSetting('http://127.0.0.1:3002').meta({ description: 'The users service: its replicas\' URLs separated by commas.' }),
  ORDERS_URL: serviceUrlSetting('http://127.0.0.1:3003').meta({ description: 'The orders service: its replicas\' URLs separated by commas.' }),
  STOREFRONT_URL: serviceUrlSetting('http://127.0.0.1:3007').meta({
    description:
      'The storefront server (services/storefront; npm start: PORT+7), its replicas\' URLs separated by commas: every path outside /api, and /api/page-reports and /api/releases*, go to it (docs/storefront.md).',
  }),
  UPSTREAM_TIMEOUT_MS: z
    .coerce.number()
    .int()
    .min(1)
    .max(600_000)
    .default(15_000)
    .meta({ description: 'How long a service may stay silent (while connecting, or mid-request) before the gateway answers 504.' }),
  API_CACHE_MS: z
    .coerce.number()
    .int()
    .min(0)
    .max(60_000)
    .default(500)
    .meta({
      description:
        'The longest the gateway answers an anonymous read of the public catalog from memory, in ms; never longer than the answer\'s own Cache-Control allows a shared cache (the catalog\'s s-maxage=1). 0: off (docs/gateway.md, "API cache").',
    }),
  HEADERS_TIMEOUT_MS: z
    .coerce.number()
    .int()
    .min(1_000)
    .max(120_000)
    .default(10_000)
    .meta({
      description:
        'How long a client has to send a request\'s head once it connected or began it (a connection that sends nothing too): then 408 and closed (docs/gateway.md, "Slow and greedy clients").',
    }),
  REQUEST_TIMEOUT_MS: z
    .coerce.number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(120_000)
    .meta({ description: 'How long a client has to send a whole request, body included (an upload over a slow link): then 408 and closed.' }),
  KEEP_ALIVE_TIMEOUT_MS: z
    .coerce.number()
    .int()
    .min(0)
    .max(600_000)
    .default(5_000)
    .meta({ description: 'An idle kept-alive connection from a client is closed after this, in ms.' }),
  MAX_CONNECTIONS_PER_ADDRESS: z
    .coerce.number()
    .int()
    .min(0)
    .default(64)
    .meta({ description: 'Open connections per client address (IPv6: per /64); one more is answered 429 and closed. 0: no cap.' }),
  RATE_LIMIT_PER_MINUTE: z
    .coerce.number()
    .int()
    .min(0)
    .default(600)
    .meta({
      description:
        'Requests per minute and client (an IPv4 address, an IPv6 /64) on /api and the sign-in form\'s POST /login before 429 (the form: 303 to /login?error=busy); 0 turns the limit off.',
    }),
  PAYPAL_SDK_ORIGIN: paypalSdkOriginSetting,
  /** The shell and the remotes' builds, which the gateway serves itself while the storefront server is down (docs/gateway.md). */
  ...frontEndFileSettings,
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewaySettings>>;

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  loadConfig(gatewaySettings, env);
