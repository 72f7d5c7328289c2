import proxyAddr from 'proxy-addr';
import { z } from 'zod';

/** Raised when the environment does not describe a runnable service. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Settings every service and the gateway share. */
const DURATION_UNITS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** A duration setting such as `12h`, `30m`, `45s`, `7d` or a bare number of seconds, in seconds once parsed. */
export const durationSetting = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,6} ?[smhd]?$/, 'must be a duration such as 12h, 30m, 45s or 7d')
  .transform((text) => {
    const unit = text.at(-1) as string;
    const count = Number.parseInt(text, 10);
    return unit in DURATION_UNITS ? count * DURATION_UNITS[unit as keyof typeof DURATION_UNITS] : count;
  });

/**
 * Which proxies' `X-Forwarded-For` is believed, as Express's `trust proxy` takes it: addresses,
 * CIDRs or the names `loopback`, `linklocal`, `uniquelocal`, separated by commas.
 */
export const trustProxySetting = z
  .string()
  .transform((text) => text.split(',').map((entry) => entry.trim()).filter(Boolean))
  .refine((list) => {
    try {
      proxyAddr.compile(list);
      return list.length > 0;
    } catch {
      return false;
    }
  }, 'must be addresses, CIDRs or loopback/linklocal/uniquelocal separated by commas');

export const commonSettings = {
  /** The settings file read under the real environment at start (env-file.ts); unset: `.env` in the working directory; empty: none. */
  ENV_FILE: z.string().optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  INSTANCE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,29}$/, 'must be 1-30 lowercase letters, digits or _ and start with a letter')
    .default('shop'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  /**
   * How long a part keeps serving after SIGTERM, not ready any more, while load balancers notice
   * (docs/operations.md, "Draining"); 0: it closes at once (npm start's default).
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The proxies whose X-Forwarded-For names the client (the gateway for a service, a load balancer for the gateway). */
  TRUST_PROXY: trustProxySetting.default(['loopback']),
};

/** Settings of a service that owns a database and takes part in events. */
export const serviceSettings = {
  ...commonSettings,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/postgres'),
  DATABASE_NAME: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a plain lowercase database name')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Whether the hot statements are prepared once per connection (service-kit's `prepared`). Off where
   * connections share one session: npm start's embedded PGlite, a pooler in transaction mode.
   */
  DATABASE_PREPARED_STATEMENTS: z.stringbool().default(true),
  /** The NATS server, or the servers of a cluster separated by commas. */
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^,\s]+(\s*,\s*(nats|tls):\/\/[^,\s]+)*$/, 'must be a nats:// URL, or several separated by commas')
    .default('nats://127.0.0.1:4222'),
  /** Copies JetStream keeps of the event stream: 1 on a single server, 3 on a cluster of three or more. */
  STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** The service's NATS user and password; unset: no sign-in (an open NATS, as in development). */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  /** A NATS credentials file (JWT and NKey seed, decentralised auth), instead of NATS_USER/NATS_PASSWORD. */
  NATS_CREDS: z.string().min(1).optional(),
};

/** The settings every database-owning service has once parsed. */
export type ServiceConfig = z.infer<z.ZodObject<typeof serviceSettings>>;

/**
 * Reads and validates the settings once, at start-up. Every problem is
 * collected, so a bad environment is fixed in one go rather than one by one.
 */
export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<z.ZodObject<S>> {
  const result = z.object(shape).safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

/** The database a service owns, derived from the instance prefix unless named outright. */
export function databaseNameOf(config: Pick<ServiceConfig, 'INSTANCE_PREFIX' | 'DATABASE_NAME'>, service: string): string {
  return config.DATABASE_NAME ?? `${config.INSTANCE_PREFIX}_${service}`;
}

/** Token under which a service's parsed configuration is injected. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
