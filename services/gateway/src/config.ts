import { z } from 'zod';
import { frontEndFileSettings } from '@shop/mf-releases';
import { commonSettings, loadConfig, paypalSdkOriginSetting, serviceUrlSetting, trustProxySetting } from '@shop/service-kit';

/** The gateway's settings (see .env.example). It owns no database and takes no part in events. */
export const gatewaySettings = {
  ...commonSettings,
  /**
   * The proxies in front of the gateway (a load balancer, an ingress) whose X-Forwarded-For names the
   * client; unset: none, the gateway is where clients connect and what they claim is replaced.
   */
  TRUST_PROXY: trustProxySetting.optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The port of the gateway's `/metrics` (Prometheus), apart from its public one (docs/operations.md,
   * "Metrics"); unset: no metrics served. npm start sets PORT+9.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Listen on PORT beside other gateway processes on this machine (SO_REUSEPORT): the kernel spreads
   * connections over them, and one can restart while the others serve. npm start sets it when it runs
   * REPLICAS gateways; off, a port in use is an error, as it should be.
   */
  REUSE_PORT: z.stringbool().default(false),
  CATALOG_URL: serviceUrlSetting('http://127.0.0.1:3001'),
  USERS_URL: serviceUrlSetting('http://127.0.0.1:3002'),
  ORDERS_URL: serviceUrlSetting('http://127.0.0.1:3003'),
  /** The storefront server (services/storefront): every path outside /api, and the releases' calls, go to it. */
  STOREFRONT_URL: serviceUrlSetting('http://127.0.0.1:3004'),
  /** How long a service may stay silent (while connecting, or mid-request) before the gateway answers 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(15_000),
  /**
   * The longest the gateway keeps a public API answer (the catalog's reads) for anonymous requests,
   * in ms; never longer than the answer's own Cache-Control allows a shared cache. 0 turns it off.
   */
  API_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** How long a client has to send a request's head once it connected or began it (cut with 408 after). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  /** How long a client has to send a whole request, body included (an upload over a slow link). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  /** An idle kept-alive connection from a client is closed after this. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Open connections per client address (IPv6: per /64); one more is refused with 429. 0: no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  /** Requests to /api per client address and minute; 0 turns the limit off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  PAYPAL_SDK_ORIGIN: paypalSdkOriginSetting,
  /**
   * The shell and the remotes' builds, as the storefront server has them: while it is down, the gateway
   * serves the shell's index.html and these files itself, so the browser renders the pages
   * (docs/gateway.md, "While the storefront server is down"); where SHELL_DIR holds no shell, a 503.
   */
  ...frontEndFileSettings,
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewaySettings>>;

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  loadConfig(gatewaySettings, env);
