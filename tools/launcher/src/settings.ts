import { existsSync } from 'node:fs';
import { z } from 'zod';

/** The shop-wide settings `npm start` reads (see .env.example); each service validates its own as well. */
const settings = z.object({
  PORT: z.coerce.number().int().min(1).max(65_000).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  INSTANCE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,29}$/, 'must be 1-30 lowercase letters, digits or _ and start with a letter')
    .default('shop'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/postgres'),
  /** NATS, or a cluster's servers separated by commas (npm start starts its own only for a single URL). */
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^/,\s]+(\s*,\s*(nats|tls):\/\/[^/,\s]+)*$/, 'must be a nats://host:port URL, or several separated by commas')
    .default('nats://127.0.0.1:4222'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Processes of each service (catalog, users, orders) behind the gateway; more than one needs a PostgreSQL server. */
  REPLICAS: z.coerce.number().int().min(1).max(8).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** PayPal's REST API. Unset outside production: the local PayPal stand-in, started on PORT+4. */
  PAYPAL_API_BASE: z.url().optional(),
  /**
   * Node's flags for every part npm start runs as a Node process. By default each keeps a small young
   * generation (2 MB semi-spaces instead of up to 16 MB): about 35 MB less resident memory per process.
   */
  SERVICE_NODE_FLAGS: z
    .string()
    .default('--max-semi-space-size=2')
    .transform((value) => value.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^--[a-z0-9-]+(=[A-Za-z0-9._,:/-]+)?$/, 'must be Node flags such as --max-semi-space-size=2, separated by spaces'))),
});

export type LauncherSettings = z.infer<typeof settings>;

/** Reads `.env` (when present) under the real environment, then validates. */
export function readSettings(): LauncherSettings {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const result = settings.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}
