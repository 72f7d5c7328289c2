import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editDistance, isForeignVariable, lookAlikeSettings, SHOP_SETTINGS } from '@shop/contracts';
import { ConfigError } from './config.js';
import { lookAlikeWarning, readEnvFile } from './env-file.js';

describe('readEnvFile', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'env-file-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("reads the working directory's .env under the real environment, which wins", () => {
    writeFileSync(join(folder, '.env'), '# a comment\nPORT=4000\nLOG_LEVEL=debug\nMAIL_FROM="Shop <shop@example.com>"\nJWT_PRIVATE_KEY="-----BEGIN\nKEY-----"\n');
    const env: Record<string, string | undefined> = { PORT: '5000' };
    const read = readEnvFile(env, folder);
    expect(env).toEqual({ PORT: '5000', LOG_LEVEL: 'debug', MAIL_FROM: 'Shop <shop@example.com>', JWT_PRIVATE_KEY: '-----BEGIN\nKEY-----' });
    expect(read).toEqual({ path: join(folder, '.env'), names: ['JWT_PRIVATE_KEY', 'LOG_LEVEL', 'MAIL_FROM'], tooLate: [] });
  });

  it('leaves out what Node reads only as the process starts (the thread pool is sized already)', () => {
    writeFileSync(join(folder, '.env'), 'UV_THREADPOOL_SIZE=16\nPASSWORD_HASH_CONCURRENCY=8\n');
    const env: Record<string, string | undefined> = {};
    expect(readEnvFile(env, folder)).toEqual({ path: join(folder, '.env'), names: ['PASSWORD_HASH_CONCURRENCY'], tooLate: ['UV_THREADPOOL_SIZE'] });
    expect(env).toEqual({ PASSWORD_HASH_CONCURRENCY: '8' });
    // Node's own value changes nothing: taken as is (a copy of .env.example has it).
    writeFileSync(join(folder, '.env'), 'UV_THREADPOOL_SIZE=4\n');
    const copied: Record<string, string | undefined> = {};
    expect(readEnvFile(copied, folder)).toEqual({ path: join(folder, '.env'), names: ['UV_THREADPOOL_SIZE'], tooLate: [] });
    expect(copied).toEqual({ UV_THREADPOOL_SIZE: '4' });
  });

  it('takes variables named as the properties of every object like any other, and sets no prototype', () => {
    writeFileSync(join(folder, '.env'), 'constructor=a\n__proto__=b\ntoString=c\nhasOwnProperty=d\nPORT=4000\n');
    const env: Record<string, string | undefined> = { PORT: '5000' };
    const read = readEnvFile(env, folder);
    expect(read?.names).toEqual(['constructor', 'hasOwnProperty', 'toString']);
    expect(Object.entries(env)).toEqual([
      ['PORT', '5000'],
      ['constructor', 'a'],
      ['hasOwnProperty', 'd'],
      ['toString', 'c'],
    ]);
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
  });

  it('reads nothing without a .env, and no file with ENV_FILE empty', () => {
    const env: Record<string, string | undefined> = {};
    expect(readEnvFile(env, folder)).toBeUndefined();
    expect(env).toEqual({});
    writeFileSync(join(folder, '.env'), 'PORT=4000\n');
    const off: Record<string, string | undefined> = { ENV_FILE: '' };
    expect(readEnvFile(off, folder)).toBeUndefined();
    expect(off).toEqual({ ENV_FILE: '' });
  });

  it('reads the file ENV_FILE names instead (relative to the working directory), which must exist', () => {
    writeFileSync(join(folder, '.env'), 'PORT=4000\n');
    writeFileSync(join(folder, 'production.env'), 'PORT=8080\n');
    const env: Record<string, string | undefined> = { ENV_FILE: 'production.env' };
    readEnvFile(env, folder);
    expect(env.PORT).toBe('8080');
    expect(() => readEnvFile({ ENV_FILE: 'missing.env' }, folder)).toThrow(ConfigError);
    expect(() => readEnvFile({ ENV_FILE: 'missing.env' }, folder)).toThrow(/ENV_FILE: cannot read .*missing\.env \(ENOENT\)/);
  });
});

describe('lookAlikeSettings', () => {
  const lookAlikes = (env: Record<string, string>) => lookAlikeSettings(env).map(({ name, closest }) => `${name}→${closest}`);

  it('names a misspelt setting and the setting it most likely meant', () => {
    expect(lookAlikes({ DATABSE_URL: 'postgres://x', SMTP_URLL: 'smtp://x', PROT: '3000', SIGNING_KEY_SECRT: 'x', MF_REMOTE: 'a=b' })).toEqual([
      'DATABSE_URL→DATABASE_URL',
      'MF_REMOTE→MF_REMOTES',
      'PROT→PORT',
      'SIGNING_KEY_SECRT→SIGNING_KEY_SECRET',
      'SMTP_URLL→SMTP_URL',
    ]);
  });

  it("names a variable that starts like the shop's settings but is none of them", () => {
    expect(lookAlikes({ CATALOG_PORT: '3001', NATS_SERVERS: 'nats://x', PAYPAL_SECRET: 'x', DATABASE_HOST: 'db' })).toEqual([
      'CATALOG_PORT→CATALOG_URL',
      'DATABASE_HOST→DATABASE_NAME',
      'NATS_SERVERS→NATS_CREDS',
      'PAYPAL_SECRET→PAYPAL_CLIENT_SECRET',
    ]);
  });

  it("leaves alone the shop's settings, OpenTelemetry's and the environment's own variables", () => {
    const env = {
      ...Object.fromEntries(SHOP_SETTINGS.map((name) => [name, 'x'])),
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_SERVICE_NAME: 'catalog',
      PATH: '/usr/bin',
      HOME: '/root',
      HOSTNAME: 'box',
      SHELL: '/bin/bash',
      TERM: 'xterm',
      MAIL: '/var/mail/root',
      NODE_OPTIONS: '--enable-source-maps',
      NODE_EXTRA_CA_CERTS: '/ca.pem',
      UV_USE_IO_URING: '0',
      MALLOC_MMAP_THRESHOLD_: '1048576',
      PGHOST: 'db',
      PGPORT: '5432',
      AWS_REGION: 'eu-west-1',
      npm_config_cache: '/tmp',
      npm_lifecycle_event: 'start',
      NX_DAEMON: 'false',
      TEST_DATABASE_URL: 'postgres://x',
      CATALOG_SERVICE_HOST: '10.0.0.5',
      CATALOG_SERVICE_PORT: '80',
      CATALOG_PORT: 'tcp://10.0.0.5:80',
      CATALOG_PORT_80_TCP_ADDR: '10.0.0.5',
      NATS_PORT_4222_TCP: 'tcp://10.0.0.6:4222',
    };
    expect(lookAlikes(env)).toEqual([]);
  });

  it('tells foreign variables apart and counts edits, a swap of neighbours as one', () => {
    expect(isForeignVariable('CATALOG_PORT', '3001')).toBe(false);
    expect(isForeignVariable('CATALOG_PORT', 'tcp://10.0.0.5:80')).toBe(true);
    expect(isForeignVariable('lowercase_name')).toBe(true);
    expect(editDistance('DATABASE_URL', 'DATABSAE_URL')).toBe(1);
    expect(editDistance('PORT', 'PATH')).toBe(3);
    expect(editDistance('', 'SSR')).toBe(3);
  });
});

describe('lookAlikeWarning', () => {
  it('is one line naming the variable, where it comes from and the setting it most likely meant', () => {
    const file = { path: '/shop/.env', names: ['DATABSE_URL'], tooLate: [] };
    expect(lookAlikeWarning('catalog', { name: 'DATABSE_URL', closest: 'DATABASE_URL' }, file, '/shop')).toBe(
      'catalog: DATABSE_URL is set (in .env) but no part of the shop reads it; did you mean DATABASE_URL?',
    );
    expect(lookAlikeWarning('users', { name: 'SMTP_URLL', closest: 'SMTP_URL' }, file, '/shop')).toBe(
      'users: SMTP_URLL is set but no part of the shop reads it; did you mean SMTP_URL?',
    );
  });
});
