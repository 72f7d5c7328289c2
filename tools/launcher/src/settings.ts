import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { envFileOf, lookAlikeSettings, type LookAlikeSetting } from '@shop/contracts';

/** The shop-wide settings `npm start` reads (see .env.example); each service validates its own as well. */
const settings = z.object({
  /** The settings file, read under the real environment; unset: `.env` (in the repository); empty: none. */
  ENV_FILE: z.string().optional(),
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
  /**
   * The storefront servers' CPU priority (nice, 0-19): on a machine they share with the API's services, a
   * burst of page renders yields the CPU to checkout (docs/storefront.md, "Measured"); 0: the same as the rest.
   */
  STOREFRONT_NICE: z.coerce.number().int().min(0).max(19).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** PayPal's REST API. Unset outside production: the local PayPal stand-in, started on PORT+4. */
  PAYPAL_API_BASE: z.url().optional(),
  /** The SMTP server of the shop's mails. Unset outside production: a local mail catcher (MailDev), SMTP on PORT+5, its web page on PORT+6. */
  SMTP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  /** The shop's address in the links of its mails; unset: http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
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

/**
 * Reads the settings file under the real environment (a variable already set keeps its value), as every
 * part does when started alone (service-kit's env-file.ts): `ENV_FILE` when set (empty: none), else `.env`.
 */
function readEnvFile(): string[] {
  const file = envFileOf(process.env);
  if (!file) return [];
  if (!existsSync(file.path)) return file.required ? [`ENV_FILE: cannot read ${resolve(file.path)} (ENOENT)`] : [];
  process.loadEnvFile(file.path);
  return [];
}

/** What is wrong with the settings `npm start` has, once its settings file is read. */
function problemsOf(result: ReturnType<typeof settings.safeParse>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** Reads the settings file (when present) under the real environment, then validates. */
export function readSettings(): LauncherSettings {
  const fileProblems = readEnvFile();
  const result = settings.safeParse(process.env);
  const problems = [...fileProblems, ...problemsOf(result)];
  if (problems.length > 0 || !result.success) throw new Error(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return result.data;
}

/** The variables shaped like the shop's settings that no part of the shop reads (`DATABSE_URL`: did you mean DATABASE_URL?). */
export const lookAlikes = (): LookAlikeSetting[] => lookAlikeSettings(process.env);

/**
 * `node tools/launcher/dist/main.js check-settings`: as each part's, prints as JSON the settings npm
 * start reads itself, what is wrong with the ones it has and the look-alike variables; exit 1 when wrong.
 */
export function checkSettings(): void {
  const problems = readEnvFile();
  problems.push(...problemsOf(settings.safeParse(process.env)));
  const report = { part: 'npm start', reads: Object.keys(settings.shape).sort(), problems, unknown: lookAlikes() };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exitCode = problems.length ? 1 : 0;
}
