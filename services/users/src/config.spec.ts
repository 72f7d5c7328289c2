import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConfigError } from '@shop/service-kit';
import { DEVELOPMENT_ADMIN_PASSWORD, loadUsersConfig } from './config.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadUsersConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the settings were accepted');
};

describe('users settings', () => {
  it('has defaults for everything in development', () => {
    const config = loadUsersConfig({});
    expect(config).toMatchObject({
      PORT: 3002,
      TOKEN_TTL: 12 * 3600,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: DEVELOPMENT_ADMIN_PASSWORD,
      LOGIN_MAX_FAILURES: 5,
      LOGIN_MAX_FAILURES_PER_ADDRESS: 100,
      LOGIN_FAILURE_WINDOW: 15 * 60,
      SIGN_UP_MAX_PER_ADDRESS: 20,
      SIGN_UP_WINDOW: 3600,
      UV_THREADPOOL_SIZE: 4,
      PASSWORD_HASH_CONCURRENCY: Math.min(availableParallelism(), 3),
      PASSWORD_HASH_MAX_WAIT_MS: 10_000,
    });
    expect(config.JWT_PRIVATE_KEY).toBeUndefined();
  });

  it('runs one password hash per CPU core by default, leaving a thread of the pool free', () => {
    expect(loadUsersConfig({ UV_THREADPOOL_SIZE: '64' }).PASSWORD_HASH_CONCURRENCY).toBe(Math.min(availableParallelism(), 63));
    expect(loadUsersConfig({ UV_THREADPOOL_SIZE: '2' }).PASSWORD_HASH_CONCURRENCY).toBe(1);
    expect(loadUsersConfig({ UV_THREADPOOL_SIZE: '1' }).PASSWORD_HASH_CONCURRENCY).toBe(1);
    expect(loadUsersConfig({ PASSWORD_HASH_CONCURRENCY: '3' }).PASSWORD_HASH_CONCURRENCY).toBe(3);
    expect(loadUsersConfig({ PASSWORD_HASH_CONCURRENCY: '' }).PASSWORD_HASH_CONCURRENCY).toBe(Math.min(availableParallelism(), 3));
  });

  it('refuses a PASSWORD_HASH_CONCURRENCY that would make the thread pool the limit', () => {
    expect(problemsOf({ PASSWORD_HASH_CONCURRENCY: '4' })).toEqual([
      'PASSWORD_HASH_CONCURRENCY: must be below UV_THREADPOOL_SIZE (4); raise UV_THREADPOOL_SIZE along with it',
    ]);
    expect(loadUsersConfig({ PASSWORD_HASH_CONCURRENCY: '8', UV_THREADPOOL_SIZE: '9' }).PASSWORD_HASH_CONCURRENCY).toBe(8);
    expect(problemsOf({ PASSWORD_HASH_CONCURRENCY: '0', PASSWORD_HASH_MAX_WAIT_MS: 'soon' })).toEqual([
      expect.stringMatching(/^PASSWORD_HASH_CONCURRENCY: /),
      expect.stringMatching(/^PASSWORD_HASH_MAX_WAIT_MS: /),
    ]);
  });

  it.each([
    ['45s', 45],
    ['30m', 1800],
    ['12h', 43_200],
    ['7d', 604_800],
    ['3600', 3600],
  ])('reads TOKEN_TTL=%s as %d seconds', (text, seconds) => {
    expect(loadUsersConfig({ TOKEN_TTL: text }).TOKEN_TTL).toBe(seconds);
  });

  it('lists every bad setting at once', () => {
    expect(problemsOf({ TOKEN_TTL: '0', ADMIN_EMAIL: 'nobody', ADMIN_PASSWORD: 'short', LOGIN_MAX_FAILURES: 'many' })).toEqual([
      'TOKEN_TTL: must be a duration such as 12h, 30m, 45s or 7d',
      expect.stringMatching(/^ADMIN_EMAIL: /),
      expect.stringMatching(/^ADMIN_PASSWORD: /),
      expect.stringMatching(/^LOGIN_MAX_FAILURES: /),
    ]);
  });

  const SECRET = 'a-long-random-operator-secret-of-the-shop-0123456789';
  const NO_SECRET = 'SIGNING_KEY_SECRET: must be set when NODE_ENV is production (it encrypts the signing key stored in the database)';

  it('needs an ADMIN_PASSWORD and a SIGNING_KEY_SECRET of its own in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['ADMIN_PASSWORD: must be set when NODE_ENV is production', NO_SECRET]);
    expect(problemsOf({ NODE_ENV: 'production', TOKEN_TTL: 'soon' })).toEqual([
      'TOKEN_TTL: must be a duration such as 12h, 30m, 45s or 7d',
      'ADMIN_PASSWORD: must be set when NODE_ENV is production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-secret' })).toEqual([NO_SECRET]);
    const config = loadUsersConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-secret', SIGNING_KEY_SECRET: SECRET });
    expect(config.ADMIN_PASSWORD).toBe('a-real-secret');
    expect(config.SIGNING_KEY_SECRET).toBe(SECRET);
  });

  it('takes a SIGNING_KEY_SECRET of at least 32 characters', () => {
    expect(problemsOf({ SIGNING_KEY_SECRET: 'short' })).toEqual(['SIGNING_KEY_SECRET: must be at least 32 characters of random text']);
  });

  it('keeps the development admin password to a shop that listens on loopback only', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) expect(loadUsersConfig({ HOST }).ADMIN_PASSWORD).toBe(DEVELOPMENT_ADMIN_PASSWORD);
    for (const HOST of ['0.0.0.0', '10.0.0.5', 'shop.example.com']) {
      expect(problemsOf({ HOST })).toEqual([
        `ADMIN_PASSWORD: must be set when the shop listens beyond loopback (HOST=${HOST}); the development default works on loopback only`,
      ]);
    }
    expect(loadUsersConfig({ HOST: '0.0.0.0', ADMIN_PASSWORD: 'a-real-secret' }).ADMIN_PASSWORD).toBe('a-real-secret');
  });

  it('refuses the development default spelled out beyond loopback or in production', () => {
    const refusal = 'ADMIN_PASSWORD: the development default works on loopback only, choose another';
    expect(problemsOf({ HOST: '0.0.0.0', ADMIN_PASSWORD: DEVELOPMENT_ADMIN_PASSWORD })).toEqual([refusal]);
    expect(problemsOf({ NODE_ENV: 'production', ADMIN_PASSWORD: DEVELOPMENT_ADMIN_PASSWORD, SIGNING_KEY_SECRET: SECRET })).toEqual([refusal]);
    expect(loadUsersConfig({ ADMIN_PASSWORD: DEVELOPMENT_ADMIN_PASSWORD }).ADMIN_PASSWORD).toBe(DEVELOPMENT_ADMIN_PASSWORD);
  });

  it('refuses a common ADMIN_PASSWORD', () => {
    expect(problemsOf({ ADMIN_PASSWORD: 'password123' })).toEqual(['ADMIN_PASSWORD: is one of the most common passwords, please choose another']);
  });

  it('refuses an ADMIN_PASSWORD that is easy to guess, except the development default on loopback', () => {
    expect(problemsOf({ ADMIN_PASSWORD: 'abcdefghijkl' })).toEqual([
      'ADMIN_PASSWORD: is too easy to guess: avoid repeated or sequential characters and common words, or make it longer; a few unrelated words make a strong password',
    ]);
    expect(loadUsersConfig({ ADMIN_PASSWORD: 'pink anvil sorrow' }).ADMIN_PASSWORD).toBe('pink anvil sorrow');
  });

  it('normalises ADMIN_EMAIL (NFKC, lower case, the domain in IDNA ASCII)', () => {
    expect(loadUsersConfig({ ADMIN_EMAIL: 'Boss@Example.COM' }).ADMIN_EMAIL).toBe('boss@example.com');
    expect(loadUsersConfig({ ADMIN_EMAIL: 'ｂｏｓｓ@example.com' }).ADMIN_EMAIL).toBe('boss@example.com');
    expect(loadUsersConfig({ ADMIN_EMAIL: 'Boss@Exämple.com' }).ADMIN_EMAIL).toBe('boss@xn--exmple-cua.com');
  });

  it('refuses an ADMIN_EMAIL no new account could take (scripts mixed, quoted)', () => {
    const refusal = 'ADMIN_EMAIL: must be a plain address (no quotes) whose name and domain parts each use one alphabet';
    expect(problemsOf({ ADMIN_EMAIL: 'аdmin@example.com' })).toContain(refusal);
    expect(problemsOf({ ADMIN_EMAIL: '"admin"@example.com' })).toContain(refusal);
  });

  it('has a growing wait per account after 10 failures, from 1 s to 5 min, remembered for a day', () => {
    expect(loadUsersConfig({})).toMatchObject({
      LOGIN_ACCOUNT_FREE_FAILURES: 10,
      LOGIN_ACCOUNT_DELAY_MS: 1000,
      LOGIN_ACCOUNT_MAX_DELAY_MS: 300_000,
      LOGIN_ACCOUNT_WINDOW: 86_400,
    });
  });

  it('takes a P-256 private key PEM as JWT_PRIVATE_KEY (PKCS8 or SEC1), also with \\n escapes on one line', () => {
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const pem = key.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(loadUsersConfig({ JWT_PRIVATE_KEY: pem }).JWT_PRIVATE_KEY).toBe(pem.trim());
    expect(loadUsersConfig({ JWT_PRIVATE_KEY: pem.replace(/\n/g, '\\n') }).JWT_PRIVATE_KEY).toBe(pem.trim());
    const sec1 = key.export({ format: 'pem', type: 'sec1' }).toString();
    expect(loadUsersConfig({ JWT_PRIVATE_KEY: sec1 }).JWT_PRIVATE_KEY).toBe(sec1.trim());
    expect(loadUsersConfig({ JWT_PRIVATE_KEY: '' }).JWT_PRIVATE_KEY).toBeUndefined();
  });

  it('refuses a JWT_PRIVATE_KEY that is not a P-256 private key, the Ed25519 keys of earlier versions too', () => {
    const pemOf = (key: KeyObject) => key.export({ format: 'pem', type: 'pkcs8' }).toString();
    const message =
      'JWT_PRIVATE_KEY: must be a P-256 private key in PEM for ES256 tokens (openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256); the Ed25519 keys of earlier versions no longer sign';
    expect(problemsOf({ JWT_PRIVATE_KEY: pemOf(generateKeyPairSync('ed25519').privateKey) })).toEqual([message]);
    expect(problemsOf({ JWT_PRIVATE_KEY: pemOf(generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey) })).toEqual([message]);
    expect(problemsOf({ JWT_PRIVATE_KEY: pemOf(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey) })).toEqual([message]);
    expect(problemsOf({ JWT_PRIVATE_KEY: 'not a key' })).toEqual([message]);
  });
});
