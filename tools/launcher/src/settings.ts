import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { describeSettings, envFileOf, lookAlikeSettings, type LookAlikeSetting, type PartSettingsDescription } from '@shop/contracts';

/** The shop-wide settings `npm start` reads (docs/settings.md); each service validates its own as well. */
const settings = z.object({
  ENV_FILE: z.string().optional().meta({
    description: 'The settings file npm start reads under the real environment; unset: `.env` in the repository; empty: none. npm start passes on what it holds to every part.',
    examples: ['.env'],
  }),
  PORT: z.coerce.number().int().min(1).max(65_000).default(3000).meta({
    description:
      'The gateway\'s port, the one origin the browser talks to; npm start gives every other part a port derived from it (catalog PORT+1, users PORT+2, orders PORT+3, the PayPal stand-in PORT+4, the mail catcher PORT+5 and PORT+6, the storefront server PORT+7, the gateway\'s metrics PORT+9, embedded databases PORT+11 and up).',
  }),
  HOST: z.string().min(1).default('127.0.0.1').meta({ description: 'The interface every part npm start runs binds to (0.0.0.0 to reach the shop from other machines).' }),
  INSTANCE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,29}$/, 'must be 1-30 lowercase letters, digits or _ and start with a letter')
    .default('shop')
    .meta({ description: 'The instance npm start runs: its parts\' databases, stream and folders under DATA_DIR are named from it.' }),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/postgres')
    .meta({ description: 'The PostgreSQL server for every service; when nothing answers here, npm start serves embedded PostgreSQL (PGlite) instead.' }),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^/,\s]+(\s*,\s*(nats|tls):\/\/[^/,\s]+)*$/, 'must be a nats://host:port URL, or several separated by commas')
    .default('nats://127.0.0.1:4222')
    .meta({
      description: 'NATS for every service; when nothing answers at a single URL and nats-server is on the PATH, npm start starts one (with a user per service).',
    }),
  DATA_DIR: z.string().min(1).default('.data').meta({
    description: 'Where npm start keeps logs, embedded databases, the NATS store, run/{part}.pid and uploads, per instance prefix.',
  }),
  REPLICAS: z
    .coerce.number()
    .int()
    .min(1)
    .max(8)
    .default(1)
    .meta({
      description:
        'Processes of each service (catalog, users, orders), of the storefront server and of the gateway itself (sharing PORT with REUSE_PORT; metrics on PORT+9, PORT+29…) npm start runs; the second replicas listen on PORT+21..23 and PORT+27, the third on PORT+31..33 and PORT+37…; more than one needs a PostgreSQL server (docs/deploy.md).',
    }),
  STOREFRONT_NICE: z
    .coerce.number()
    .int()
    .min(0)
    .max(19)
    .default(10)
    .meta({
      description:
        'The storefront servers\' CPU priority (nice, 0-19): on a machine they share with the API\'s services, a burst of page renders yields the CPU to checkout (docs/storefront.md, "Measured"); 0: the same as every other part.',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta({ description: 'The level npm start passes on to every part.' }),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').meta({
    description: 'Outside production npm start runs the PayPal stand-in and a mail catcher when PAYPAL_API_BASE and SMTP_URL are unset.',
  }),
  PAYPAL_API_BASE: z.url().optional().meta({ description: 'Set: npm start starts no PayPal stand-in. Unset outside production: it runs the stand-in on PORT+4 and the orders service uses it.' }),
  SMTP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()).meta({
    description: 'Unset outside production: npm start runs a local mail catcher (tools/launcher/src/mail-catcher.ts), SMTP on PORT+5 and its web page and REST API on http://localhost:PORT+6, and the services send through it.',
  }),
  PUBLIC_URL: z.url().optional().meta({ description: 'Unset: npm start gives the parts http://localhost:{PORT}.' }),
  SERVICE_NODE_FLAGS: z
    .string()
    .default('--max-semi-space-size=2 --max-old-space-size=512')
    .transform((value) => value.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^--[a-z0-9-]+(=[A-Za-z0-9._,:/-]+)?$/, 'must be Node flags such as --max-semi-space-size=2, separated by spaces')))
    .meta({
      description:
        'Node\'s flags for every part npm start runs as a Node process: the default keeps each one\'s young generation small (2 MB semi-spaces instead of up to 16 MB), about 35 MB less resident memory each, and bounds its old generation at 512 MB, as a container\'s memory limit does (Node sizes its heap from it): V8 then grows the heap by up to 1.4× what is live after a collection instead of 4× on a machine with many GB, so the orders service ends a crowd with ~220 MB resident instead of ~400 at the same speed (docs/deploy.md#memory). npm start also sets MALLOC_MMAP_THRESHOLD_=1048576 for them, so large freed blocks go back to the system. Elsewhere (a container), set the same through NODE_OPTIONS and the environment; there Node sizes the old generation from the container\'s memory limit by itself.',
    }),
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

/** `node tools/launcher/dist/main.js describe-settings`: as each part's, prints as JSON each setting npm start reads, its default and description. */
export function describeLauncherSettings(): void {
  const description: PartSettingsDescription = { part: 'npm start', settings: describeSettings(settings.shape) };
  process.stdout.write(`${JSON.stringify(description)}\n`);
}
