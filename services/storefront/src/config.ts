import { z } from 'zod';
import { frontEndFileSettings } from '@shop/mf-releases';
import { commonSettings, ConfigError, loadConfig, paypalSdkOriginSetting, portSetting, serviceUrlSetting } from '@shop/service-kit';

/**
 * The storefront server's settings (docs/settings.md; docs/storefront.md, "Settings"). It owns no database and takes no part in
 * events: it serves the shop's pages and the front end's files behind the gateway, reads the catalog
 * for its renders and asks the users service on a plain form's or an admin's behalf.
 */
export const storefrontSettings = {
  ...commonSettings,
  // 3007, as npm start lays the parts out (PORT+7): the PayPal stand-in's default is 3004, and a part
  // started by hand beside it must not clash (the images set their own, each in a container).
  PORT: portSetting(3007),
  CATALOG_URL: serviceUrlSetting('http://127.0.0.1:3001').meta({
    description: 'The catalog, its replicas\' URLs separated by commas, which the renders read directly, not through the gateway (through a cache of their own: API_CACHE_MS).',
  }),
  USERS_URL: serviceUrlSetting('http://127.0.0.1:3002').meta({
    description: 'The users service, its replicas\' URLs separated by commas: the sign-in form signs in through it, and the Releases API asks it who an admin is.',
  }),
  UPSTREAM_TIMEOUT_MS: z
    .coerce.number()
    .int()
    .min(1)
    .max(600_000)
    .default(15_000)
    .meta({ description: 'How long a service may stay silent before a call of the storefront server\'s gives up.' }),
  API_CACHE_MS: z
    .coerce.number()
    .int()
    .min(0)
    .max(60_000)
    .default(500)
    .meta({
      description:
        'The longest a render keeps a catalog answer for the next renders, in ms; never longer than the answer\'s own Cache-Control allows a shared cache. 0: off (docs/storefront.md, "Reading the catalog").',
    }),
  PAYPAL_SDK_ORIGIN: paypalSdkOriginSetting,
  ...frontEndFileSettings,
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .meta({
      description:
        'The shop\'s public address: the origin of the canonical and Open Graph addresses of server-rendered pages, of /sitemap.xml, and the origin a form of the shop posts from. Never taken from a request\'s Host, which anyone can set. Unset: http://localhost:{PORT}, and with NODE_ENV=production the server refuses to start.',
      examples: ['https://shop.example'],
    }),
  SSR: z.enum(['on', 'off']).default('on').meta({
    description:
      'Server rendering of the browser routes (docs/ssr.md): on renders each page on the server from the shell\'s server build and the remotes\' server builds, off sends index.html for the browser to render.',
  }),
  SSR_SLOT_BUDGET_MS: z
    .coerce.number()
    .int()
    .min(1)
    .max(10_000)
    .default(300)
    .meta({ description: 'How long a remote\'s slot may take on the server (its module and first answers) before the browser renders it instead, in ms.' }),
  SSR_CACHE_MS: z
    .coerce.number()
    .int()
    .min(0)
    .max(60_000)
    .default(1_000)
    .meta({
      description:
        'How long a server-rendered page is kept for the next anonymous shoppers of the same builds, in ms (re-rendered in the background past half of it; a product change shows once it and the catalog read, API_CACHE_MS, have passed). 0: off.',
    }),
  MF_BUILD_RETENTION_MINUTES: z
    .coerce.number()
    .int()
    .min(0)
    .max(525_600)
    .default(1_440)
    .meta({
      description:
        'How long a remote\'s build stays servable after it stopped being current, in minutes (skew protection): pages opened before a release keep loading that build\'s chunks meanwhile. With MF_REMOTES_FILE, retirements are read from history.json beside it, so a restarted storefront server, or another replica, serves the same builds; mf-release.mjs prune removes builds retired longer ago.',
    }),
  MF_CANARY_MIN_SESSIONS: z
    .coerce.number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(30)
    .meta({
      description:
        'A canary (mf-release.mjs publish … --canary N) is judged on a signal (verified page sessions with an error, server renders that failed, files that could not be served) once it and the current build each have this many of it.',
    }),
  MF_CANARY_ERROR_MARGIN_PERCENT: z
    .coerce.number()
    .min(0)
    .max(100)
    .default(5)
    .meta({
      description:
        'The storefront server rolls a canary back by itself when its failure rate exceeds the current build\'s by more than this many points (docs/micro-frontends.md)…',
    }),
  MF_CANARY_CONFIDENCE_PERCENT: z
    .coerce.number()
    .min(50)
    .max(99.99)
    .default(99)
    .meta({ description: '…and a one-sided two-proportion z-test finds the canary worse at this confidence (libs/mf-releases\' canary-rule.ts).' }),
  PAGE_REPORTS_PER_MINUTE: z
    .coerce.number()
    .int()
    .min(0)
    .default(30)
    .meta({ description: 'Beacons of the pages\' reports (POST /api/page-reports) per client address (IPv6: its /64) and minute before 429; 0: no limit.' }),
  MF_CANARY_CHECK_SECONDS: z
    .coerce.number()
    .int()
    .min(1)
    .max(3_600)
    .default(10)
    .meta({ description: 'How often each storefront server looks at the canaries\' counts, in seconds.' }),
};

export type StorefrontConfig = z.infer<z.ZodObject<typeof storefrontSettings>>;

/**
 * The storefront server's settings. In production PUBLIC_URL is required: without it the pages would name
 * http://localhost as their canonical address and in their sitemap, and the plain forms, which accept a
 * post from the shop's own origin only, would refuse every shopper's.
 */
export function loadStorefrontConfig(env: Record<string, string | undefined> = process.env): StorefrontConfig {
  const config = loadConfig(storefrontSettings, env);
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) throw new ConfigError(['PUBLIC_URL: must be set when NODE_ENV is production']);
  return config;
}
