/**
 * `npm start`: runs the PayPal stand-in from the environment (PORT, default
 * 3004; HOST, default 127.0.0.1; PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET,
 * default sb-stand-in / stand-in-secret) and writes one JSON line per request.
 * LOG_LEVEL warn, error or silent keeps the request lines quiet. PAYPAL_STAND_IN_TEST_ENDPOINTS=true
 * opens POST /stand-in/orders (refused with NODE_ENV=production). Like every part of the shop it reads
 * `.env` in the working directory (or the file ENV_FILE names; empty: none) under the real environment.
 * `node dist/main.js check-settings` prints the settings it reads as JSON, as every part's does, and
 * `describe-settings` each one's default and description.
 */
import { existsSync } from 'node:fs';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, type RequestLogEntry, startPayPalStandIn } from './server.js';

const QUIET_LEVELS = ['warn', 'error', 'fatal', 'silent'];

function log(level: 'info' | 'error', msg: string, fields: object = {}): void {
  const line = { level: level === 'info' ? 30 : 50, time: Date.now(), name: 'paypal-stand-in', msg, ...fields };
  (level === 'info' ? process.stdout : process.stderr).write(`${JSON.stringify(line)}\n`);
}

function portOf(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    log('error', `PORT must be a port number (0-65535), not "${value}"`);
    process.exit(1);
  }
  return port;
}

/**
 * Every setting the stand-in reads (`env` below has no other), with its default and description: what
 * `check-settings` and `describe-settings` print, as every part's do (docs/settings.md is written from them).
 */
const SETTINGS = {
  ENV_FILE: { description: 'The settings file read under the real environment; unset: `.env` in the working directory; empty: none.', example: '.env' },
  HOST: { default: '127.0.0.1', description: 'The interface the stand-in binds to.' },
  LOG_LEVEL: { default: 'info', description: 'warn, error, fatal or silent keep the stand-in\'s request lines quiet.' },
  NODE_ENV: { default: 'development', description: 'production refuses PAYPAL_STAND_IN_TEST_ENDPOINTS=true.' },
  PAYPAL_CLIENT_ID: { default: DEFAULT_CLIENT_ID, description: 'The only client the stand-in accepts.' },
  PAYPAL_CLIENT_SECRET: { default: DEFAULT_CLIENT_SECRET, description: 'That client\'s secret.' },
  PAYPAL_STAND_IN_TEST_ENDPOINTS: {
    default: 'false',
    description: 'true opens the stand-in\'s test-only POST /stand-in/orders (orders in any state, for tests); refused with NODE_ENV=production.',
  },
  PORT: { default: '3004', description: 'The stand-in\'s port (0-65535); npm start runs it on PORT+4.' },
} satisfies Record<string, { default?: string; description: string; example?: string }>;
const env: Partial<Record<keyof typeof SETTINGS, string>> = process.env;

// The settings file under the real environment (Node keeps a variable already set), as the shop's other parts read it.
const envFile = env.ENV_FILE ?? '.env';
if (envFile && (env.ENV_FILE !== undefined || existsSync(envFile))) process.loadEnvFile(envFile);
if (process.argv[2] === 'check-settings') {
  process.stdout.write(`${JSON.stringify({ part: 'paypal-stand-in', reads: Object.keys(SETTINGS), problems: [] })}\n`);
  process.exit(0);
}
if (process.argv[2] === 'describe-settings') {
  const settings = Object.entries(SETTINGS).map(([name, described]) => ({ name, ...described }));
  process.stdout.write(`${JSON.stringify({ part: 'paypal-stand-in', settings })}\n`);
  process.exit(0);
}
const testEndpoints = env.PAYPAL_STAND_IN_TEST_ENDPOINTS === 'true';
if (testEndpoints && env.NODE_ENV === 'production') {
  log('error', 'PAYPAL_STAND_IN_TEST_ENDPOINTS=true is refused with NODE_ENV=production: its test endpoints make captures out of nothing');
  process.exit(1);
}
const quiet = QUIET_LEVELS.includes(env.LOG_LEVEL ?? '');
const standIn = await startPayPalStandIn({
  port: portOf(env.PORT || SETTINGS.PORT.default),
  host: env.HOST || SETTINGS.HOST.default,
  clientId: env.PAYPAL_CLIENT_ID || DEFAULT_CLIENT_ID,
  clientSecret: env.PAYPAL_CLIENT_SECRET || DEFAULT_CLIENT_SECRET,
  testEndpoints,
  onRequest: ({ error, ...request }: RequestLogEntry) => {
    if (error) log('error', 'request failed', { ...request, error });
    else if (!quiet) log('info', 'request completed', request);
  },
});
log('info', `PayPal stand-in listening on ${standIn.url} (client id ${standIn.clientId}); no money moves`, { url: standIn.url });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
