import { Writable } from 'node:stream';
import { PinoLogger } from 'nestjs-pino';
import request from 'supertest';
import { freePort } from '@shop/testing';
import { startGateway, startShop, type TestGateway, type TestShop } from './support/gateway.js';

/** Every line the gateway logs, parsed. (The logger is one per test file: the first gateway's.) */
const lines: Record<string, unknown>[] = [];
const logs = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

const requestLines = () => lines.filter((line) => typeof line.req === 'object');
const flushed = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('gateway logs', () => {
  let shop: TestShop;
  let ordersDown: TestGateway;

  beforeAll(async () => {
    shop = await startShop({ LOG_LEVEL: 'info' }, logs);
    ordersDown = await startGateway({ ORDERS_URL: `http://127.0.0.1:${await freePort()}` });
  });

  afterAll(async () => {
    await ordersDown?.close();
    await shop?.close();
  });

  beforeEach(() => {
    lines.length = 0;
    PinoLogger.root.level = 'info';
  });

  it('writes one line per proxied request: its id, method, URL and status', async () => {
    const res = await request(shop.gateway.url).post('/api/orders?via=test').set('X-Stub-Status', '201').send({ orderItems: [] }).expect(201);
    await flushed();
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: 30,
        service: 'gateway',
        requestId: res.headers['x-request-id'],
        req: { method: 'POST', url: '/api/orders?via=test' },
        res: { statusCode: 201 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      }),
    ]);
  });

  it("writes the same line for the gateway's own routes", async () => {
    const res = await request(shop.gateway.url).get('/api/nothing').expect(404);
    await flushed();
    expect(requestLines()).toEqual([
      expect.objectContaining({ requestId: res.headers['x-request-id'], req: { method: 'GET', url: '/api/nothing' }, res: { statusCode: 404 } }),
    ]);
  });

  it('never writes tokens or cookies', async () => {
    await request(shop.gateway.url).get('/api/users/profile').set('Authorization', 'Bearer secret.token').set('Cookie', 'session=secret').expect(200);
    await request(shop.gateway.url).get('/api/docs').set('Authorization', 'Bearer secret.token').expect(200);
    await flushed();
    expect(requestLines()).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });

  it("logs a failing service with the request's id", async () => {
    const res = await request(ordersDown.url).get('/api/orders/42').expect(503);
    await flushed();
    const requestId = res.headers['x-request-id'];
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, context: 'Proxy', requestId, msg: expect.stringMatching(/orders at \S+ failed/) }));
    expect(requestLines()).toEqual([expect.objectContaining({ requestId, res: { statusCode: 503 }, msg: 'request errored' })]);
  });

  it('writes nothing per request when the level is warn or above', async () => {
    PinoLogger.root.level = 'warn';
    await request(shop.gateway.url).get('/api/products').expect(200);
    await request(shop.gateway.url).post('/api/orders').send({}).expect(200);
    await request(shop.gateway.url).get('/api/nothing').expect(404);
    await flushed();
    expect(lines).toEqual([]);
  });
});
