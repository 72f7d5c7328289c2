import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LogDestination } from '@shop/service-kit';
import { createGatewayApp } from '../../src/gateway-app.js';
import { loadGatewayConfig } from '../../src/config.js';
import { StubUpstream } from '@shop/testing';

/** A gateway built as main.ts builds it, listening on a port of its own. */
export interface TestGateway {
  app: NestExpressApplication;
  url: string;
  close(): Promise<void>;
}

/**
 * `logs`: where its log lines go (with LOG_LEVEL in `env`). The logger is one per process (nestjs-pino's
 * root): the first gateway of a test file sets its level and destination for the file's others.
 */
export async function startGateway(env: Record<string, string>, logs?: LogDestination): Promise<TestGateway> {
  const app = await createGatewayApp(loadGatewayConfig({ LOG_LEVEL: 'silent', ...env }), logs);
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** Four stub services (the API's three and the storefront server) and a gateway in front of them. */
export interface TestShop {
  gateway: TestGateway;
  catalog: StubUpstream;
  users: StubUpstream;
  orders: StubUpstream;
  storefront: StubUpstream;
  close(): Promise<void>;
}

export async function startShop(env: Record<string, string> = {}, logs?: LogDestination): Promise<TestShop> {
  const [catalog, users, orders, storefront] = await Promise.all(['catalog', 'users', 'orders', 'storefront'].map((name) => StubUpstream.start(name)));
  const gateway = await startGateway({ CATALOG_URL: catalog.url, USERS_URL: users.url, ORDERS_URL: orders.url, STOREFRONT_URL: storefront.url, ...env }, logs);
  return {
    gateway,
    catalog,
    users,
    orders,
    storefront,
    async close() {
      await gateway.close();
      await Promise.all([catalog, users, orders, storefront].map((stub) => stub.stop()));
    },
  };
}
