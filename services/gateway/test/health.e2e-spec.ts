import request from 'supertest';
import { startShop, type TestShop } from './support/gateway.js';

describe('gateway health', () => {
  let shop: TestShop;

  beforeEach(async () => {
    shop = await startShop({ UPSTREAM_TIMEOUT_MS: '500' });
  });

  afterEach(async () => {
    await shop?.close();
  });

  it('is alive at /health', async () => {
    const res = await request(shop.gateway.url).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', service: 'gateway' });
  });

  it('reports every service with its database and NATS, 200 when all are ready', async () => {
    const res = await request(shop.gateway.url).get('/api/health').expect(200);
    const up = { status: 'up', checks: { database: 'ok', nats: 'ok' } };
    expect(res.body).toEqual({ status: 'ok', services: { catalog: up, users: up, orders: up, storefront: up } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 and says which service is down and why', async () => {
    shop.orders.readiness = {
      status: 503,
      body: { status: 'down', message: 'orders is not ready', service: 'orders', checks: { database: 'ok', nats: 'down' } },
    };
    await shop.users.stop();
    shop.catalog.silentOn.add('/ready');
    const res = await request(shop.gateway.url).get('/api/health').expect(503);
    expect(res.body).toEqual({
      status: 'degraded',
      services: {
        catalog: { status: 'down', message: 'did not answer in time' },
        users: { status: 'down', message: 'unreachable' },
        orders: { status: 'down', message: 'orders is not ready', checks: { database: 'ok', nats: 'down' } },
        storefront: { status: 'up', checks: { database: 'ok', nats: 'ok' } },
      },
    });
  });
});
