import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LogDestination } from '@shop/service-kit';
import { StubUpstream } from '@shop/testing';
import { loadStorefrontConfig } from '../../src/config.js';
import { createStorefrontApp } from '../../src/storefront-app.js';

/** A storefront server built as main.ts builds it, listening on a port of its own. */
export interface TestStorefront {
  app: NestExpressApplication;
  url: string;
  close(): Promise<void>;
}

/**
 * `env`: its settings (LOG_LEVEL silent unless given). `logs`: where its log lines go (with LOG_LEVEL in
 * `env`); the logger is one per process (nestjs-pino's root): the first app of a test file sets its level
 * and destination for the file's others.
 */
export async function startStorefront(env: Record<string, string>, logs?: LogDestination): Promise<TestStorefront> {
  const app = await createStorefrontApp(loadStorefrontConfig({ LOG_LEVEL: 'silent', ...env }), logs);
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** Stub catalog and users services and a storefront server that calls them. */
export interface TestShop {
  storefront: TestStorefront;
  catalog: StubUpstream;
  users: StubUpstream;
  close(): Promise<void>;
}

export async function startShop(env: Record<string, string> = {}, logs?: LogDestination): Promise<TestShop> {
  const [catalog, users] = await Promise.all(['catalog', 'users'].map((name) => StubUpstream.start(name)));
  const storefront = await startStorefront({ CATALOG_URL: catalog.url, USERS_URL: users.url, ...env }, logs);
  return {
    storefront,
    catalog,
    users,
    async close() {
      await storefront.close();
      await Promise.all([catalog, users].map((stub) => stub.stop()));
    },
  };
}
