import { z } from 'zod';
import { frontEndFileSettings } from '@shop/mf-releases';
import { commonSettings, loadConfig, paypalSdkOriginSetting, serviceUrlSetting } from '@shop/service-kit';

/**
 * The storefront server's settings (see docs/storefront.md, "Settings"). It owns no database and takes no part in
 * events: it serves the shop's pages and the front end's files behind the gateway, reads the catalog
 * for its renders and asks the users service on a plain form's or an admin's behalf.
 */
export const storefrontSettings = {
  ...commonSettings,
  /** The storefront server's port; npm start sets PORT+7 (and PORT+27, PORT+37… for more REPLICAS). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3004),
  /** The catalog, which its renders read (through a cache of their own: API_CACHE_MS). */
  CATALOG_URL: serviceUrlSetting('http://127.0.0.1:3001'),
  /** The users service, asked by the sign-in form and by the Releases API's admin check. */
  USERS_URL: serviceUrlSetting('http://127.0.0.1:3002'),
  /** How long a service may stay silent before a call of the storefront server's gives up. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(15_000),
  /**
   * The longest a render keeps a catalog answer for the next renders, in ms; never longer than the
   * answer's own Cache-Control allows a shared cache. 0 turns it off.
   */
  API_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  PAYPAL_SDK_ORIGIN: paypalSdkOriginSetting,
  ...frontEndFileSettings,
  /**
   * The shop's public address (`https://shop.example`): the origin of the canonical and Open Graph
   * addresses of server-rendered pages, of /sitemap.xml, and the origin a form of the shop posts from.
   * Never taken from a request's Host, which anyone can set. http://localhost:{PORT} when unset.
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
   * How long the storefront server keeps a server-rendered page for the next anonymous shoppers of the
   * same builds, in ms. 0 turns it off.
   */
  SSR_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * How long a remote's build stays servable after it stopped being current, in minutes (a day by
   * default): pages opened before a release keep loading that build's chunks meanwhile. With
   * MF_REMOTES_FILE, retirements are read from history.json beside it (tools/scripts/mf-release.mjs
   * writes it), so a restarted storefront server, or another replica, serves the same builds.
   */
  MF_BUILD_RETENTION_MINUTES: z.coerce.number().int().min(0).max(525_600).default(1_440),
  /**
   * A canary (mf-release.mjs publish … --canary N) is judged on a signal (verified page sessions with an
   * error, server renders that failed, files that could not be served) once it and the current build each
   * have this many of it, and rolled back by the storefront server itself when its failure rate exceeds the
   * current build's by more than MF_CANARY_ERROR_MARGIN_PERCENT points and a one-sided two-proportion
   * z-test finds it worse at MF_CANARY_CONFIDENCE_PERCENT (libs/mf-releases' canary-rule.ts).
   */
  MF_CANARY_MIN_SESSIONS: z.coerce.number().int().min(1).max(1_000_000).default(30),
  MF_CANARY_ERROR_MARGIN_PERCENT: z.coerce.number().min(0).max(100).default(5),
  MF_CANARY_CONFIDENCE_PERCENT: z.coerce.number().min(50).max(99.99).default(99),
  /** Page reports' beacons (POST /api/page-reports) per client address (IPv6: /64) and minute before 429; 0: no limit. */
  PAGE_REPORTS_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** How often each storefront server looks at the canaries' counts, in seconds. */
  MF_CANARY_CHECK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
};

export type StorefrontConfig = z.infer<z.ZodObject<typeof storefrontSettings>>;

export const loadStorefrontConfig = (env: Record<string, string | undefined> = process.env): StorefrontConfig => loadConfig(storefrontSettings, env);
