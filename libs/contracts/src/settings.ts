/**
 * The shop's settings as a whole: every name any part of it reads from the environment, and how a
 * variable that only looks like one of them is told apart. Each part validates its own settings (its
 * zod `settings` object); this list is what lets every part recognise the others' settings, so that a
 * misspelt one (`DATABSE_URL`, `SMTP_URLL`) is warned about at start instead of silently ignored.
 * Pure data and functions: the services, the gateway and npm start's launcher all use it.
 */

/**
 * Every setting a part of the shop reads: the services', the storefront server's and the gateway's `settings` objects (their
 * `check-settings` prints them), npm start's (tools/launcher), the PayPal stand-in's and
 * tools/scripts/mf-release.mjs's. Kept by hand: tests/deploy/test/settings-lists.e2e-spec.ts fails,
 * naming the difference, when it is not exactly what the parts read (docs/settings.md and .env.example,
 * written from the parts' schemas by tools/scripts/settings-docs.mjs, list each). The OpenTelemetry SDK's standard `OTEL_*` variables are not the shop's: see {@link isForeignVariable}.
 */
export const SHOP_SETTINGS: readonly string[] = [
  // every part
  'ENV_FILE',
  'HOST',
  'INSTANCE_PREFIX',
  'DRAIN_DELAY_MS',
  'LOG_LEVEL',
  'NODE_ENV',
  'PORT',
  'TRUST_PROXY',
  // services
  'DATABASE_NAME',
  'DATABASE_POOL_SIZE',
  'DATABASE_PREPARED_STATEMENTS',
  'DATABASE_URL',
  'NATS_CREDS',
  'NATS_PASSWORD',
  'NATS_URL',
  'NATS_USER',
  'STREAM_REPLICAS',
  // npm start
  'DATA_DIR',
  'REPLICAS',
  'STOREFRONT_NICE',
  'SERVICE_NODE_FLAGS',
  // users
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'JWT_PRIVATE_KEY',
  'LOGIN_ACCOUNT_DELAY_MS',
  'LOGIN_ACCOUNT_FREE_FAILURES',
  'LOGIN_ACCOUNT_MAX_DELAY_MS',
  'LOGIN_ACCOUNT_WINDOW',
  'LOGIN_FAILURE_WINDOW',
  'LOGIN_MAX_FAILURES',
  'LOGIN_MAX_FAILURES_PER_ADDRESS',
  'ORDERS_TIMEOUT_MS',
  'PASSWORD_HASH_CONCURRENCY',
  'PASSWORD_HASH_MAX_WAIT_MS',
  'PASSWORD_RESET_MAX_PER_ADDRESS',
  'PASSWORD_RESET_MAX_PER_EMAIL',
  'PASSWORD_RESET_WINDOW',
  'SIGNING_KEY_SECRET',
  'SIGN_UP_MAX_PER_ADDRESS',
  'SIGN_UP_WINDOW',
  'TOKEN_TTL',
  'UV_THREADPOOL_SIZE',
  // users and orders: mail
  'MAIL_FROM',
  'PUBLIC_URL',
  'SMTP_URL',
  // catalog
  'IMAGE_BUCKET',
  'IMAGE_BUCKET_ACCESS_KEY_ID',
  'IMAGE_BUCKET_ENDPOINT',
  'IMAGE_BUCKET_REGION',
  'IMAGE_BUCKET_SECRET_ACCESS_KEY',
  'IMAGE_DECODES_AT_ONCE',
  'IMAGE_DECODES_WAITING',
  'IMAGE_DECODE_MAX_BYTES',
  'JWKS_URL',
  'PRODUCT_CACHE_MS',
  'SEED_DEMO_CATALOG',
  'UPLOAD_DIR',
  'USERS_URL',
  // orders
  'ORDERS_URL',
  'PAYMENT_HOLD',
  'PAYPAL_API_BASE',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_SDK_URL',
  'PAYPAL_TIMEOUT_MS',
  // the PayPal stand-in
  'PAYPAL_STAND_IN_TEST_ENDPOINTS',
  // gateway
  'API_CACHE_MS',
  'CATALOG_URL',
  'HEADERS_TIMEOUT_MS',
  'KEEP_ALIVE_TIMEOUT_MS',
  'METRICS_PORT',
  'REUSE_PORT',
  'MAX_CONNECTIONS_PER_ADDRESS',
  'STOREFRONT_URL',
  // the storefront server (and the gateway's page while it is down)
  'MF_BUILD_RETENTION_MINUTES',
  'MF_CANARY_CHECK_SECONDS',
  'MF_CANARY_CONFIDENCE_PERCENT',
  'MF_CANARY_ERROR_MARGIN_PERCENT',
  'MF_CANARY_MIN_SESSIONS',
  'MF_REMOTES',
  'MF_REMOTES_FILE',
  'PAGE_REPORTS_PER_MINUTE',
  'PAYPAL_SDK_ORIGIN',
  'RATE_LIMIT_PER_MINUTE',
  'REQUEST_TIMEOUT_MS',
  'SHELL_DIR',
  'SSR',
  'SSR_CACHE_MS',
  'SSR_SLOT_BUDGET_MS',
  'UPSTREAM_TIMEOUT_MS',
  // tools/scripts/mf-release.mjs
  'MF_RELEASES_DIR',
  'MF_RELEASE_BY',
];

/**
 * Variables of the system, of Node.js, npm, Nx, the OpenTelemetry and AWS SDKs, libpq, CI runners and
 * Kubernetes: never a misspelt setting of the shop, whatever they look like.
 */
const FOREIGN_NAMES = new Set(['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'PWD', 'OLDPWD', 'TERM', 'LANG', 'TZ', 'TMPDIR', 'HOSTNAME', 'SHLVL', 'MAIL', 'CI']);
const FOREIGN_FAMILIES = /^(NODE|UV|NPM|NX|OTEL|AWS|LC|XDG|SSH|GIT|GITHUB|RUNNER|KUBERNETES|MALLOC|JEST|MAILDEV)_|^PG[A-Z]*$/;
/** What Kubernetes sets for every Service of the namespace (`CATALOG_SERVICE_HOST`, `CATALOG_PORT_80_TCP_ADDR`, …). */
const KUBERNETES_SERVICE_LINK = /_SERVICE_(HOST|PORT)(_[A-Z0-9_]+)?$|_PORT_\d+_(TCP|UDP|SCTP)(_(PROTO|PORT|ADDR))?$/;

/**
 * Whether `name` is somebody else's variable: not upper case with underscores (the shop's settings all
 * are), of a family listed above, or a Kubernetes service link (`{SERVICE}_PORT=tcp://…` included).
 */
export function isForeignVariable(name: string, value = ''): boolean {
  return (
    !/^[A-Z][A-Z0-9_]*$/.test(name) ||
    FOREIGN_NAMES.has(name) ||
    FOREIGN_FAMILIES.test(name) ||
    KUBERNETES_SERVICE_LINK.test(name) ||
    (name.endsWith('_PORT') && /^(tcp|udp|sctp):\/\//.test(value))
  );
}

/** The number of single-character insertions, deletions, substitutions and swaps of neighbours from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

const firstWordOf = (name: string) => name.split('_')[0];

/** A variable that looks like a setting of the shop without being one, and the setting it most likely meant. */
export interface LookAlikeSetting {
  name: string;
  closest: string;
}

/**
 * The variables of `env` shaped like the shop's settings that no part of the shop reads. A variable is
 * shaped like them when it is not foreign ({@link isForeignVariable}), not one of `known`, and either
 * - it has an `_` and its first word (before the first `_`) begins one of `known` (`DATABASE_`, `NATS_`,
 *   `SMTP_`, `PAYPAL_`, `CATALOG_`…), or
 * - it is at most 2 edits (1 for names of up to 5 characters) from one of `known` (`DATABSE_URL`, `PROT`).
 * Each comes with the closest of `known`: the fewest edits away among those near enough, else the one
 * sharing the most words with it (`PAYPAL_SECRET`: PAYPAL_CLIENT_SECRET), then the fewest edits away.
 */
export function lookAlikeSettings(env: Record<string, string | undefined>, known: readonly string[] = SHOP_SETTINGS): LookAlikeSetting[] {
  const knownNames = new Set(known);
  const prefixes = new Set(known.map(firstWordOf));
  const found: LookAlikeSetting[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || knownNames.has(name) || isForeignVariable(name, value)) continue;
    const words = name.split('_');
    const ranked = known
      .map((setting) => {
        const distance = editDistance(name, setting);
        return {
          setting,
          distance,
          nearby: distance <= (setting.length <= 5 ? 1 : 2),
          sharedWords: setting.split('_').filter((word) => words.includes(word)).length,
        };
      })
      .sort(
        (a, b) =>
          Number(b.nearby) - Number(a.nearby) ||
          (a.nearby ? 0 : b.sharedWords - a.sharedWords) ||
          a.distance - b.distance ||
          a.setting.localeCompare(b.setting),
      );
    const [best] = ranked;
    if (!best) continue;
    const sharesPrefix = name.includes('_') && prefixes.has(firstWordOf(name));
    if (best.nearby || sharesPrefix) found.push({ name, closest: best.setting });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The file of settings a part reads under the real environment: `ENV_FILE` when set (empty: none), else
 * `.env` in the working directory. `required`: a file named by ENV_FILE must exist; the default may not.
 */
export function envFileOf(env: Record<string, string | undefined>): { path: string; required: boolean } | undefined {
  const named = env.ENV_FILE;
  if (named === undefined) return { path: '.env', required: false };
  return named.trim() ? { path: named.trim(), required: true } : undefined;
}
