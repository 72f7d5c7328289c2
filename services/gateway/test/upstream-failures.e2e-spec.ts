import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import request from 'supertest';
import { freePort, StubUpstream } from '@shop/testing';
import { startGateway, type TestGateway } from './support/gateway.js';

describe('gateway in front of a service that fails', () => {
  let catalog: StubUpstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    catalog = await StubUpstream.start('catalog');
    const nothingListens = `http://127.0.0.1:${await freePort()}`;
    gateway = await startGateway({
      CATALOG_URL: catalog.url,
      USERS_URL: nothingListens,
      ORDERS_URL: nothingListens,
      UPSTREAM_TIMEOUT_MS: '300',
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await catalog?.stop();
  });

  it('answers 503 with a message at once when the service is down', async () => {
    const started = Date.now();
    const res = await request(gateway.url).get('/api/orders/42').expect(503);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.body).toEqual({ message: 'The orders service is unavailable, please try again shortly' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503 to a large upload for a service that is down, without waiting for the whole body', async () => {
    const res = await request(gateway.url)
      .post('/api/users')
      .set('Content-Type', 'application/octet-stream')
      .send(randomBytes(8 * 1024 * 1024))
      .expect(503);
    expect(res.body).toEqual({ message: 'The users service is unavailable, please try again shortly' });
  });

  it('answers 504 with a message when the service does not answer in time', async () => {
    catalog.handler = () => undefined;
    const started = Date.now();
    const res = await request(gateway.url).get('/api/products/top').expect(504);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3_000);
    expect(res.body).toEqual({ message: 'The catalog service did not answer in time, please try again shortly' });
  });

  it('cuts the answer short when the service falls silent in the middle of it, rather than hanging', async () => {
    catalog.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"products":[');
    };
    const started = Date.now();
    const answer = fetch(`${gateway.url}/api/products`).then((res) => res.text());
    await expect(answer).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
  it('answers 502 with a message when the service answers something that is not HTTP', async () => {
    const garbling: Server = createServer((socket) => socket.once('data', () => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n')));
    await new Promise<void>((resolve) => garbling.listen(0, '127.0.0.1', resolve));
    const port = (garbling.address() as { port: number }).port;
    const garbled = await startGateway({ CATALOG_URL: catalog.url, ORDERS_URL: `http://127.0.0.1:${port}` });
    try {
      const res = await request(garbled.url).get('/api/orders/42').expect(502);
      expect(res.body).toEqual({ message: 'The orders service gave an invalid answer' });
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await garbled.close();
      await new Promise((resolve) => garbling.close(resolve));
    }
  });
});
