import { z } from 'zod';
import { commonSettings, loadConfig, trustProxySetting } from '@shop/service-kit';

/** A service's address, or the addresses of its replicas separated by commas. */
const serviceUrl = (defaultUrl: string) =>
  z
    .string()
    .default(defaultUrl)
    .transform((value) => value.split(',').map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be http(s) URLs separated by commas' })).min(1, 'must name at least one http(s) URL'));

/** A CSP source for the PayPal script: an http(s) origin, its host optionally a `*.` wildcard. */
const CSP_ORIGIN = /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** `name=location` pairs: a remote's built folder (served at /mf/{name}/{build}/) or the http(s) URL of its remoteEntry.js. */
const remotesSetting = z
  .string()
  .default('catalog=apps/catalog-mf/dist checkout=apps/checkout-mf/dist admin=apps/admin-mf/dist')
  .transform((value) => value.split(/\s+/).filter(Boolean).map((pair) => pair.split('=')))
  .pipe(
    z.array(
      z.tuple(
        [z.string().regex(/^[a-z][a-z0-9-]{0,30}$/, 'remote names are lowercase words'), z.string().min(1)],
        { error: 'must be name=folder-or-remote-entry-url pairs separated by spaces' },
      ),
    ),
  );

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
  CATALOG_URL: serviceUrl('http://127.0.0.1:3001'),
  USERS_URL: serviceUrl('http://127.0.0.1:3002'),
  ORDERS_URL: serviceUrl('http://127.0.0.1:3003'),
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
  /**
   * Where the browser loads PayPal's script from (the local stand-in outside
   * production): one or more origins separated by spaces, allowed by the
   * content security policy for scripts, connections, frames and images.
   */
  PAYPAL_SDK_ORIGIN: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(CSP_ORIGIN, 'must be origins such as https://www.paypal.com, separated by spaces'))),
  /** The built shell (index.html and its assets), served at / with index.html for the browser's routes. */
  SHELL_DIR: z.string().min(1).default('apps/shell/dist'),
  /**
   * The shop's public address (`https://shop.example`): the origin of the canonical and Open Graph
   * addresses of server-rendered pages, and of /sitemap.xml. Never taken from a request's Host, which
   * anyone can set. http://localhost:{PORT} when unset.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /**
   * Server rendering of the browser routes (docs/ssr.md): `on` renders each page on the server from the
   * shell's server build and the remotes' server builds, `off` sends index.html for the browser to render.
   */
  SSR: z.enum(['on', 'off']).default('on'),
  /** How long a remote's slot may take on the server (its module and first answers) before the browser renders it instead, in ms. */
  SSR_SLOT_BUDGET_MS: z.coerce.number().int().min(1).max(10_000).default(300),
  /**
   * How long the gateway keeps a server-rendered page for the next anonymous shoppers of the same
   * builds, in ms (like API_CACHE_MS for the catalog's reads); dropped when a product changes through
   * this gateway. 0 turns it off.
   */
  SSR_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Where each micro-frontend lives, read by the shell at run time from /mf/remotes.json. */
  MF_REMOTES: remotesSetting,
  /**
   * A JSON file `{ "catalog": "releases/catalog/3f9a1c2b7d", … }` naming the build each remote runs
   * (a folder, relative to the file, or the URL of a remoteEntry.js). When set it replaces MF_REMOTES,
   * and the gateway rereads it when it changes: switching or rolling back a remote is editing it.
   */
  MF_REMOTES_FILE: z.string().min(1).optional(),
  /**
   * How long a remote's build stays servable after it stopped being current, in minutes (a day by
   * default): pages opened before a release keep loading that build's chunks meanwhile. With
   * MF_REMOTES_FILE, retirements are read from history.json beside it (tools/scripts/mf-release.mjs
   * writes it), so a restarted gateway, or another replica, serves the same builds.
   */
  MF_BUILD_RETENTION_MINUTES: z.coerce.number().int().min(0).max(525_600).default(1_440),
  /**
   * A canary (mf-release.mjs publish … --canary N) is judged on a signal (verified page sessions with an
   * error, server renders that failed, files that could not be served) once it and the current build each
   * have this many of it, and rolled back by the gateway itself when its failure rate exceeds the current
   * build's by more than MF_CANARY_ERROR_MARGIN_PERCENT points and a one-sided two-proportion z-test finds
   * it worse at MF_CANARY_CONFIDENCE_PERCENT (libs/mf-releases' canary-rule.ts).
   */
  MF_CANARY_MIN_SESSIONS: z.coerce.number().int().min(1).max(1_000_000).default(30),
  MF_CANARY_ERROR_MARGIN_PERCENT: z.coerce.number().min(0).max(100).default(5),
  MF_CANARY_CONFIDENCE_PERCENT: z.coerce.number().min(50).max(99.99).default(99),
  /** How often each gateway looks at the canaries' counts, in seconds. */
  MF_CANARY_CHECK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewaySettings>>;

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  loadConfig(gatewaySettings, env);
