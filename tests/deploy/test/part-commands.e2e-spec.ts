/**
 * The commands each service's image runs besides serving, as a deployment uses them: `migrate` (a
 * Kubernetes Job or init container before new replicas start) and `check-settings` (CI, operators); the
 * storefront server's and the gateway's images have `check-settings` and, the storefront server's,
 * `openapi`. They run the built parts against the machine's PostgreSQL under an instance prefix of their own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dropDatabases, testPrefix, TEST_DATABASE_URL } from '@shop/testing';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const prefix = testPrefix();
const SERVICES = ['catalog', 'users', 'orders'] as const;

/** Runs `node services/<part>/dist/main.js <args>` (in `cwd`, the test's folder unless given); answers its exit code and output. */
function run(part: string, args: string[], env: Record<string, string>, cwd?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repo, 'services', part, 'dist/main.js'), ...args], { env: { ...env, PATH: process.env.PATH ?? '' }, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const environment = { INSTANCE_PREFIX: prefix, DATABASE_URL: TEST_DATABASE_URL, LOG_LEVEL: 'warn' };

afterAll(() => dropDatabases(prefix));

describe('migrate', () => {
  it.each([...SERVICES])('%s: creates its database and runs its migrations once, even when two run at the same time', async (part) => {
    const [first, second] = await Promise.all([run(part, ['migrate'], environment), run(part, ['migrate'], environment)]);
    expect([first.code, second.code, first.stderr, second.stderr]).toEqual([0, 0, '', '']);
    // One of the two ran every migration under the lock; the other found nothing left to run.
    const outputs = [first.stdout, second.stdout].sort();
    expect(outputs[0]).toBe(`${part}: database up to date, nothing to run\n`);
    expect(outputs[1]).toMatch(new RegExp(`^${part}: ran \\w+`));

    const again = await run(part, ['migrate'], environment);
    expect(again).toEqual({ code: 0, stdout: `${part}: database up to date, nothing to run\n`, stderr: '' });

    const client = new pg.Client({ connectionString: TEST_DATABASE_URL.replace(/\/[^/]*$/, `/${prefix}_${part}`) });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM migrations');
      expect(Number(rows[0].count)).toBe(outputs[1].split(', ').length);
    } finally {
      await client.end();
    }
  });

  it('stops with the list of problems when its settings are wrong, and touches nothing', async () => {
    const result = await run('users', ['migrate'], { ...environment, NODE_ENV: 'production' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ADMIN_PASSWORD: must be set when NODE_ENV is production');
  });
});

describe('unknown commands', () => {
  it.each([...SERVICES, 'storefront', 'gateway'])('%s refuses one and names the commands it knows', async (part) => {
    const result = await run(part, ['migrat'], environment);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "migrat"');
  });
});

describe('check-settings', () => {
  it('prints the settings a part reads and what is wrong with the ones it has', async () => {
    const result = await run('orders', ['check-settings'], { ...environment, PORT: 'eighty' });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { part: string; reads: string[]; problems: string[] };
    expect(report.part).toBe('orders');
    expect(report.reads).toEqual(expect.arrayContaining(['DATABASE_URL', 'NATS_URL', 'PAYPAL_API_BASE', 'PORT']));
    expect(report.problems).toEqual([expect.stringMatching(/^PORT: /)]);
  });

  it('storefront: reads the settings of its pages and its calls to catalog and users, and no database or NATS', async () => {
    const result = await run('storefront', ['check-settings'], { PORT: '3004', PUBLIC_URL: 'https://shop.example', NODE_ENV: 'production' });
    expect([result.code, result.stderr]).toEqual([0, '']);
    const report = JSON.parse(result.stdout) as { part: string; reads: string[]; problems: string[] };
    expect(report).toMatchObject({ part: 'storefront', problems: [] });
    expect(report.reads).toEqual(expect.arrayContaining(['PORT', 'CATALOG_URL', 'USERS_URL', 'PUBLIC_URL', 'SSR', 'SHELL_DIR', 'MF_REMOTES_FILE', 'TRUST_PROXY', 'DRAIN_DELAY_MS']));
    expect(report.reads.filter((name) => /^(DATABASE|NATS|STREAM)_/.test(name))).toEqual([]);
    const wrong = await run('storefront', ['check-settings'], { SSR: 'maybe', PUBLIC_URL: 'shop.example' });
    expect(wrong.code).toBe(1);
    expect((JSON.parse(wrong.stdout) as { problems: string[] }).problems).toEqual([expect.stringMatching(/^PUBLIC_URL: /), expect.stringMatching(/^SSR: /)]);
    // In production its pages' addresses and its forms' origin check need the shop's public address.
    const unnamed = await run('storefront', ['check-settings'], { NODE_ENV: 'production' });
    expect(unnamed.code).toBe(1);
    expect((JSON.parse(unnamed.stdout) as { problems: string[] }).problems).toEqual(['PUBLIC_URL: must be set when NODE_ENV is production']);
  });

  it('warns about a variable shaped like a setting that no part reads, naming the setting it most likely meant', async () => {
    const result = await run('catalog', ['check-settings'], { ...environment, DATABSE_URL: TEST_DATABASE_URL, SMTP_URLL: 'smtp://127.0.0.1:25', OTEL_SERVICE_NAME: 'shop' });
    expect(result.code).toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      'catalog: DATABSE_URL is set but no part of the shop reads it; did you mean DATABASE_URL?',
      'catalog: SMTP_URLL is set but no part of the shop reads it; did you mean SMTP_URL?',
    ]);
    expect((JSON.parse(result.stdout) as { unknown: unknown[] }).unknown).toEqual([
      { name: 'DATABSE_URL', closest: 'DATABASE_URL' },
      { name: 'SMTP_URLL', closest: 'SMTP_URL' },
    ]);
  });

  it('reads the .env of its working directory under the real environment, or the file ENV_FILE names', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'part-env-'));
    try {
      writeFileSync(join(folder, '.env'), 'PORT=eighty\nLOG_LEVEL=loud\nCATALOG_PORT=3001\n');
      writeFileSync(join(folder, 'other.env'), 'PORT=3301\n');
      type Report = { problems: string[]; unknown: { name: string }[] };
      // The real environment's LOG_LEVEL wins over the file's; the file's PORT is read, and its look-alike warned about.
      const fromDotEnv = await run('orders', ['check-settings'], environment, folder);
      expect(fromDotEnv.code).toBe(1);
      expect((JSON.parse(fromDotEnv.stdout) as Report).problems).toEqual([expect.stringMatching(/^PORT: /)]);
      expect(fromDotEnv.stderr).toBe('orders: CATALOG_PORT is set (in .env) but no part of the shop reads it; did you mean CATALOG_URL?\n');
      const fromOther = await run('orders', ['check-settings'], { ...environment, ENV_FILE: 'other.env' }, folder);
      expect([fromOther.code, fromOther.stderr, (JSON.parse(fromOther.stdout) as Report).problems]).toEqual([0, '', []]);
      const none = await run('orders', ['check-settings'], { ...environment, ENV_FILE: '' }, folder);
      expect([none.code, none.stderr]).toEqual([0, '']);
      const missing = await run('orders', ['migrate'], { ...environment, ENV_FILE: 'missing.env' }, folder);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/^orders: Invalid configuration:\n {2}- ENV_FILE: cannot read .*missing\.env \(ENOENT\)/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('openapi', () => {
  it.each([...SERVICES, 'storefront'])('%s: prints its OpenAPI document without a database, NATS or settings (the front ends are typed from it)', async (part) => {
    // Nothing of the shop is reachable: a database address that refuses, no NATS.
    const result = await run(part, ['openapi'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', NATS_URL: 'nats://127.0.0.1:9' });
    expect([result.code, result.stderr]).toEqual([0, '']);
    const document = JSON.parse(result.stdout) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/')).length).toBeGreaterThan(3);
  });
});
