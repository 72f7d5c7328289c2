import { createPrivateKey } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { mailSettings } from '@shop/mail';
import { ConfigError, durationSetting as duration, loadConfig, portSetting, serviceSettings } from '@shop/service-kit';
import { signsTokens } from './tokens/es256.js';
import { newEmailProblem } from './users/email/email-rules.js';
import { isEasyToGuess } from './users/password-strength.js';
import { isCommonPassword, normalEmail } from './validation.js';

/** The admin password of development, used only when ADMIN_PASSWORD is unset outside production. */
export const DEVELOPMENT_ADMIN_PASSWORD = 'admin12345';

/** An unset or empty setting is absent (an empty `JWT_PRIVATE_KEY=` line in .env means "generate one"). */
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

/**
 * A P-256 private key in PEM (ES256; PKCS8 or SEC1). A .env file often holds it on one line with `\n`
 * escapes, so those become line breaks first. The Ed25519 keys of earlier versions are refused: nothing
 * verifies EdDSA tokens now (docs/decisions.md, "Tokens: @nestjs/jwt and @nestjs/passport").
 */
const tokenPrivateKeyPem = z
  .string()
  .transform((pem) => pem.replace(/\\n/g, '\n').trim())
  .refine((pem) => {
    try {
      return signsTokens(createPrivateKey({ key: pem, format: 'pem' }));
    } catch {
      return false;
    }
  }, 'must be a P-256 private key in PEM for ES256 tokens (openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256); the Ed25519 keys of earlier versions no longer sign');

/** The users service's settings (docs/settings.md). */
export const usersSettings = {
  ...serviceSettings,
  PORT: portSetting(3002),
  ORDERS_URL: z.url().default('http://127.0.0.1:3003').meta({ description: 'The orders service, asked for the profile\'s own orders.' }),
  ORDERS_TIMEOUT_MS: z
    .coerce.number()
    .int()
    .min(100)
    .max(60_000)
    .default(3000)
    .meta({ description: 'How long the profile waits for the orders service before answering without orders.' }),
  TOKEN_TTL: duration.prefault('12h').meta({ description: 'Lifetime of a sign-in token (12h, 30m, 45s, 7d).' }),
  JWT_PRIVATE_KEY: z.preprocess(blankAsUnset, tokenPrivateKeyPem.optional()).meta({
    description:
      'The P-256 private key (PKCS8 or SEC1 PEM) signing the ES256 tokens: openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256. Unset: one generated on first start and kept in the users database.',
  }),
  SIGNING_KEY_SECRET: z.preprocess(blankAsUnset, z.string().min(32, 'must be at least 32 characters of random text').optional()).meta({
    description:
      'Seals the signing keys kept in the users database (AES-256-GCM, key derived with HKDF): at least 32 characters of random text; unset: they are stored in the clear. Required with NODE_ENV=production unless JWT_PRIVATE_KEY is set. Rotate the key: node services/users/dist/cli/keys.js rotate.',
  }),
  ADMIN_EMAIL: z
    .string()
    .transform(normalEmail)
    .pipe(z.email().max(254))
    .refine((email) => newEmailProblem(email) === undefined, 'must be a plain address (no quotes) whose name and domain parts each use one alphabet')
    .default('admin@example.com')
    .meta({ description: 'The admin account created when the users database is empty.' }),
  ADMIN_PASSWORD: z.preprocess(blankAsUnset, z.string().min(8).max(128).optional()).meta({
    description:
      'The admin\'s password. Unset: the development default admin12345, on loopback only; with another HOST or NODE_ENV=production it must be set, and neither that default nor a common or easily guessed password is accepted.',
  }),
  LOGIN_MAX_FAILURES: z
    .coerce.number()
    .int()
    .min(1)
    .max(1000)
    .default(5)
    .meta({ description: 'Failed sign-ins per email and client address in LOGIN_FAILURE_WINDOW before 429.' }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z
    .coerce.number()
    .int()
    .min(1)
    .max(10_000)
    .default(100)
    .meta({ description: 'Failed sign-ins per client address (any email) in LOGIN_FAILURE_WINDOW before 429; wrong current passwords on the profile count too.' }),
  LOGIN_FAILURE_WINDOW: duration.prefault('15m').meta({ description: 'How long failed sign-ins are counted.' }),
  LOGIN_ACCOUNT_FREE_FAILURES: z
    .coerce.number()
    .int()
    .min(1)
    .max(1000)
    .default(10)
    .meta({
      description:
        'Failed sign-ins of one account, from any address, before each further attempt must wait (429 with Retry-After): the wait starts at LOGIN_ACCOUNT_DELAY_MS and doubles, at most LOGIN_ACCOUNT_MAX_DELAY_MS; never a lock (docs/users.md).',
    }),
  LOGIN_ACCOUNT_DELAY_MS: z
    .coerce.number()
    .int()
    .min(1)
    .max(3_600_000)
    .default(1000)
    .meta({ description: 'The wait after the account\'s LOGIN_ACCOUNT_FREE_FAILURES-th failure, in ms; it doubles with each further failure.' }),
  LOGIN_ACCOUNT_MAX_DELAY_MS: z
    .coerce.number()
    .int()
    .min(1)
    .max(86_400_000)
    .default(5 * 60_000)
    .meta({ description: 'The longest wait between two attempts at one account, in ms: never a lock, however many failures.' }),
  LOGIN_ACCOUNT_WINDOW: duration.prefault('24h').meta({ description: 'How long an account\'s failures are remembered (from the first); a success forgets them.' }),
  SIGN_UP_MAX_PER_ADDRESS: z
    .coerce.number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(20)
    .meta({ description: 'Accounts one client address (IPv6: its /64) may create in SIGN_UP_WINDOW before 429.' }),
  SIGN_UP_WINDOW: duration.prefault('1h').meta({ description: 'How long sign-ups are counted.' }),
  PASSWORD_RESET_MAX_PER_ADDRESS: z
    .coerce.number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(20)
    .meta({ description: 'Password reset links one client address (IPv6: its /64) may ask for in PASSWORD_RESET_WINDOW before 429.' }),
  PASSWORD_RESET_MAX_PER_EMAIL: z
    .coerce.number()
    .int()
    .min(1)
    .max(1000)
    .default(3)
    .meta({ description: 'Password reset mails one email gets in PASSWORD_RESET_WINDOW; further requests get the same answer and mail nothing.' }),
  PASSWORD_RESET_WINDOW: duration.prefault('1h').meta({ description: 'How long password reset requests are counted.' }),
  /** SMTP_URL, MAIL_FROM, PUBLIC_URL: how the reset mails go out and where their links lead. */
  ...mailSettings,
  UV_THREADPOOL_SIZE: z
    .coerce.number()
    .int()
    .min(1)
    .max(1024)
    .default(4)
    .meta({
      description:
        'Size of libuv\'s thread pool, where argon2 runs. Node reads it itself when the process starts, from the real environment only (a settings file cannot change it); it is read here to keep PASSWORD_HASH_CONCURRENCY below it. Raise it to run more than 3 hashes at once.',
    }),
  PASSWORD_HASH_CONCURRENCY: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(1023).optional()).meta({
    description:
      'Password hashes and checks (argon2id) that run at once; the rest wait their turn, client address by client address. Unset: one per CPU core, at most UV_THREADPOOL_SIZE - 1 (one thread of the pool stays free for files and DNS).',
  }),
  PASSWORD_HASH_MAX_WAIT_MS: z
    .coerce.number()
    .int()
    .min(0)
    .max(60_000)
    .default(10_000)
    .meta({
      description:
        'The longest a sign-up, sign-in or password change may wait, from its arrival, until its hash starts: one that would wait longer answers 503 with Retry-After, well before the gateway\'s UPSTREAM_TIMEOUT_MS. Work that finds a place free always starts.',
    }),
};

/**
 * How many password hashes and checks may run at once: the setting, or one per CPU core. Either way
 * one thread of libuv's pool stays free for the rest of the process's work (DNS look-ups, files),
 * so that the queue, not the pool, is what limits argon2.
 */
function passwordHashConcurrencyOf(settings: { UV_THREADPOOL_SIZE: number; PASSWORD_HASH_CONCURRENCY?: number }): number | string {
  const ceiling = Math.max(1, settings.UV_THREADPOOL_SIZE - 1);
  if (settings.PASSWORD_HASH_CONCURRENCY === undefined) return Math.min(availableParallelism(), ceiling);
  if (settings.PASSWORD_HASH_CONCURRENCY <= ceiling) return settings.PASSWORD_HASH_CONCURRENCY;
  return `PASSWORD_HASH_CONCURRENCY: must be below UV_THREADPOOL_SIZE (${settings.UV_THREADPOOL_SIZE}); raise UV_THREADPOOL_SIZE along with it`;
}

type ParsedSettings = z.infer<z.ZodObject<typeof usersSettings>>;

export type UsersConfig = Omit<ParsedSettings, 'ADMIN_PASSWORD' | 'PASSWORD_HASH_CONCURRENCY'> & {
  ADMIN_PASSWORD: string;
  PASSWORD_HASH_CONCURRENCY: number;
};

/** Does this address only take connections from the machine itself? */
export const isLoopback = (host: string): boolean => /^(127(\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i.test(host.trim());

/**
 * Reads and checks the settings. Besides each setting's own rule, the admin
 * needs an ADMIN_PASSWORD of its own (the development default is public)
 * whenever the service listens beyond loopback or runs in production, and not
 * a common one; PASSWORD_HASH_CONCURRENCY must stay below UV_THREADPOOL_SIZE.
 */
export function loadUsersConfig(env: Record<string, string | undefined> = process.env): UsersConfig {
  const host = env.HOST?.trim() || '127.0.0.1';
  const productionWithoutPassword = !env.ADMIN_PASSWORD && (env.NODE_ENV === 'production' || !isLoopback(host));
  const missingPassword =
    env.NODE_ENV === 'production'
      ? 'ADMIN_PASSWORD: must be set when NODE_ENV is production'
      : `ADMIN_PASSWORD: must be set when the shop listens beyond loopback (HOST=${host}); the development default works on loopback only`;
  let settings: ParsedSettings;
  try {
    settings = loadConfig(usersSettings, env);
  } catch (error) {
    if (error instanceof ConfigError && productionWithoutPassword) throw new ConfigError([...error.problems, missingPassword]);
    throw error;
  }
  const concurrency = passwordHashConcurrencyOf(settings);
  const commonPassword = settings.ADMIN_PASSWORD !== undefined && isCommonPassword(settings.ADMIN_PASSWORD);
  // The development default is easy to guess too, and stays usable where it is today: on loopback, outside production.
  const weakPassword =
    settings.ADMIN_PASSWORD !== undefined &&
    !commonPassword &&
    settings.ADMIN_PASSWORD !== DEVELOPMENT_ADMIN_PASSWORD &&
    isEasyToGuess(settings.ADMIN_PASSWORD);
  // The development default spelled out (a copied .env.example) is as public as the default itself.
  const publicPassword =
    settings.ADMIN_PASSWORD === DEVELOPMENT_ADMIN_PASSWORD && (settings.NODE_ENV === 'production' || !isLoopback(host));
  const problems = [
    ...(typeof concurrency === 'string' ? [concurrency] : []),
    ...(productionWithoutPassword ? [missingPassword] : []),
    ...(commonPassword ? ['ADMIN_PASSWORD: is one of the most common passwords, please choose another'] : []),
    ...(weakPassword ? ['ADMIN_PASSWORD: is too easy to guess: avoid repeated or sequential characters and common words, or make it longer; a few unrelated words make a strong password'] : []),
    ...(publicPassword ? [`ADMIN_PASSWORD: the development default works on loopback only, choose another`] : []),
    ...(settings.NODE_ENV === 'production' && !settings.JWT_PRIVATE_KEY && !settings.SIGNING_KEY_SECRET
      ? ['SIGNING_KEY_SECRET: must be set when NODE_ENV is production (it encrypts the signing key stored in the database)']
      : []),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...settings,
    ADMIN_PASSWORD: settings.ADMIN_PASSWORD ?? DEVELOPMENT_ADMIN_PASSWORD,
    PASSWORD_HASH_CONCURRENCY: concurrency as number,
  };
}
