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

/** A part's port: the same rule everywhere, its own default. */
export const portSetting = (defaultPort: number) =>
  z.coerce.number().int().min(0).max(65535).default(defaultPort).meta({
    description:
      'The port the part listens on. Under npm start the gateway takes PORT and every other part a port derived from it: catalog PORT+1, users PORT+2, orders PORT+3, the PayPal stand-in PORT+4, the storefront server PORT+7 (further REPLICAS: PORT+21..23 and PORT+27, PORT+31..33 and PORT+37…), embedded databases PORT+11 and up.',
  });

/** Settings every part built on service-kit shares: the services, the gateway and the storefront server. */
export const commonSettings = {
  ENV_FILE: z.string().optional().meta({
    description:
      'The settings file read under the real environment at start, relative to the working directory; unset: `.env` in the working directory; empty: none. Set it in the environment, not in a file. UV_THREADPOOL_SIZE and NODE_OPTIONS count only from the real environment: Node reads them before the part reads the file.',
    examples: ['.env'],
  }),
  HOST: z.string().min(1).default('127.0.0.1').meta({ description: 'The interface the part binds to (0.0.0.0 to reach it from other machines).' }),
  INSTANCE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,29}$/, 'must be 1-30 lowercase letters, digits or _ and start with a letter')
    .default('shop')
    .meta({
      description:
        'Every database ({prefix}_catalog, {prefix}_users, {prefix}_orders), the event stream ({PREFIX}_EVENTS), the consumers ({prefix}_{service}_{name}) and the upload folder (.data/{prefix}/uploads) derive their names from it.',
    }),
  LOG_LEVEL: z.enum(logLevels).default('info').meta({ description: 'fatal, error, warn, info, debug, trace or silent.' }),
  DRAIN_DELAY_MS: z
    .coerce.number()
    .int()
    .min(0)
    .max(120_000)
    .default(0)
    .meta({
      description:
        'After SIGTERM the part answers /ready 503 and keeps serving this long while load balancers notice, then finishes what it holds and exits (docs/operations.md, "Draining"); 0: it closes at once (npm start\'s default). compose.yaml and the Kubernetes manifests set 5000.',
    }),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').meta({
    description:
      'development, production or test. production requires ADMIN_PASSWORD, SIGNING_KEY_SECRET (or JWT_PRIVATE_KEY) and PayPal\'s settings, and refuses the stand-in\'s test endpoints.',
  }),
  TRUST_PROXY: trustProxySetting.prefault('loopback').meta({
    description:
      'The proxies whose X-Forwarded-For names the client: addresses, CIDRs or loopback/linklocal/uniquelocal, separated by commas. The services and the storefront server trust the gateway, which calls them from loopback.',
  }),
};

/** Settings of a service that owns a database and takes part in events. */
export const serviceSettings = {
  ...commonSettings,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/postgres')
    .meta({ description: 'The PostgreSQL server (its maintenance database); each service creates its own database there.' }),
  DATABASE_NAME: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a plain lowercase database name')
    .optional()
    .meta({ description: 'Use this database as is instead of {prefix}_{service} (npm start sets it for its embedded PGlite).' }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10).meta({ description: 'Connections to the database per service process.' }),
  DATABASE_PREPARED_STATEMENTS: z
    .stringbool()
    .default(true)
    .meta({
      description:
        'The order pipeline\'s hot statements are prepared once per connection (PostgreSQL parses and plans them once); false where connections share a session: a pooler in transaction mode (npm start sets false for its embedded PGlite).',
    }),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^,\s]+(\s*,\s*(nats|tls):\/\/[^,\s]+)*$/, 'must be a nats:// URL, or several separated by commas')
    .default('nats://127.0.0.1:4222')
    .meta({ description: 'NATS with JetStream (tls:// for TLS), or the servers of a cluster separated by commas.' }),
  STREAM_REPLICAS: z
    .coerce.number()
    .int()
    .min(1)
    .max(5)
    .default(1)
    .meta({ description: 'Copies of the event stream JetStream keeps: 1 on a single server, 3 on a cluster of three or more.' }),
  NATS_USER: z.string().min(1).optional().meta({
    description:
      'The service\'s NATS user; unset: no sign-in, as against the open development NATS (npm start\'s own nats-server makes a user per service itself). Production: docs/security.md.',
  }),
  NATS_PASSWORD: z.string().min(1).optional().meta({ description: 'The NATS user\'s password.' }),
  NATS_CREDS: z.string().min(1).optional().meta({
    description: 'A NATS credentials file (JWT and NKey seed, decentralised auth), instead of NATS_USER and NATS_PASSWORD.',
  }),
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
