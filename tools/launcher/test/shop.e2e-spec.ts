/**
 * The shop as a user starts it: the built launcher (what `npm start` runs)
 * with its own instance prefix, ports and data folder, checked through the
 * gateway only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProductDto, ProductListDto, UserInfoDto } from '@shop/contracts';
import { portAnswers } from '../src/probes.js';
import { deleteStream, dropDatabases, freePort, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL } from '@shop/testing';

const launcher = fileURLToPath(new URL('../dist/main.js', import.meta.url));

interface RunningShop {
  base: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** A base port whose next 14 ports are free too. */
async function freeBasePort(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const taken = await Promise.all(Array.from({ length: 14 }, (_, i) => portAnswers('127.0.0.1', base + i)));
    if (!taken.some(Boolean)) return base;
  }
}

async function startShop(env: Record<string, string>): Promise<RunningShop> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [launcher], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const until = Date.now() + 120_000;
  while (!output.includes('Shop ready at')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the shop did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base: `http://127.0.0.1:${env.PORT}`,
    output: () => output,
    stop: async () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

async function json<T>(shop: RunningShop, path: string, init: RequestInit = {}) {
  const res = await fetch(`${shop.base}${path}`, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

interface HealthBody {
  services: Record<string, { status: string }>;
}

describe('npm start', () => {
  it('serves the demo catalog, accounts and health through the gateway, and stops cleanly', async () => {
    const prefix = testPrefix();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-data-'));
    const port = await freeBasePort();
    const shop = await startShop({
      PORT: String(port),
      INSTANCE_PREFIX: prefix,
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DATABASE_URL,
      NATS_URL: TEST_NATS_URL,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-secret-1',
    });
    try {
      const lines = shop.output().split('\n');
      for (const part of ['postgres', 'nats', 'users', 'catalog', 'gateway']) {
        expect(lines.some((line) => line.startsWith(part))).toBe(true);
      }

      const page1 = await json<ProductListDto>(shop, '/api/products');
      expect(page1.status).toBe(200);
      expect(page1.body.pages).toBe(2);
      expect(page1.body.page).toBe(1);
      expect(page1.body.products).toHaveLength(8);
      const page2 = await json<ProductListDto>(shop, '/api/products?pageNumber=2');
      expect(page2.body.products.length).toBeGreaterThan(0);

      const image = await fetch(`${shop.base}${page1.body.products[0].image}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);

      const login = await json<UserInfoDto>(shop, '/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'owner-secret-1' }),
      });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ email: 'owner@example.com', isAdmin: true });
      expect(login.headers.get('x-request-id')).toBeTruthy();

      // The catalog verifies the users service's token on its own.
      const created = await json<ProductDto>(shop, '/api/products', {
        method: 'POST',
        headers: { authorization: `Bearer ${login.body.token}` },
      });
      expect(created.status).toBe(201);
      expect(created.body.name).toBe('Sample name');

      const health = await json<HealthBody>(shop, '/api/health');
      expect(health.body.services.catalog.status).toBe('ok');
      expect(health.body.services.users.status).toBe('ok');
    } finally {
      expect(await shop.stop()).toBe(0);
      await dropDatabases(prefix);
      await deleteStream(prefix);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('serves embedded PostgreSQL and starts its own NATS when none answers', async () => {
    const prefix = testPrefix();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-data-'));
    const port = await freeBasePort();
    const shop = await startShop({
      PORT: String(port),
      INSTANCE_PREFIX: prefix,
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`,
      NATS_URL: `nats://127.0.0.1:${await freePort()}`,
    });
    try {
      expect(shop.output()).toMatch(/embedded PostgreSQL \(PGlite\)/);
      expect(shop.output()).toMatch(/started nats-server/);
      const page1 = await json<ProductListDto>(shop, '/api/products');
      expect(page1.body.pages).toBe(2);
      const login = await json<UserInfoDto>(shop, '/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin12345' }),
      });
      expect(login.status).toBe(200);
    } finally {
      expect(await shop.stop()).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
