import request from 'supertest';
import { type Echo, eventually, StubUpstream } from '@shop/testing';
import { startGateway, type TestGateway } from './support/gateway.js';

/** A service run as two replicas behind the gateway (CATALOG_URL lists both). */
describe('gateway with replicas of a service', () => {
  let one: StubUpstream;
  let two: StubUpstream;
  let users: StubUpstream;
  let orders: StubUpstream;
  let gateway: TestGateway;

  beforeEach(async () => {
    [one, two, users, orders] = await Promise.all(['catalog-1', 'catalog-2', 'users', 'orders'].map((name) => StubUpstream.start(name)));
    gateway = await startGateway({
      CATALOG_URL: `${one.url},${two.url}`,
      USERS_URL: users.url,
      ORDERS_URL: orders.url,
      API_CACHE_MS: '0',
      RATE_LIMIT_PER_MINUTE: '0',
    });
  });

  afterEach(async () => {
    await gateway?.close();
    await Promise.all([one, two, users, orders].map((stub) => stub.stop().catch(() => undefined)));
  });

  const get = (path: string) => request(gateway.url).get(path);

  it('spreads requests over the replicas', async () => {
    const answered = await Promise.all(Array.from({ length: 10 }, () => get('/api/products').expect(200)));
    const by = (name: string) => answered.filter((res) => (res.body as Echo).upstream === name).length;
    expect(by('catalog-1')).toBe(5);
    expect(by('catalog-2')).toBe(5);
  });

  it('loses no GET when a replica goes away: each goes to the other, at once and from then on', async () => {
    await one.stop();
    const answered = await Promise.all(Array.from({ length: 10 }, () => get('/api/products')));
    expect(answered.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(answered.every((res) => (res.body as Echo).upstream === 'catalog-2')).toBe(true);
  });

  it('retries a GET once on the other replica when the first dies mid-request, but never a POST', async () => {
    one.handler = (req) => req.socket.destroy();
    two.handler = (req) => req.socket.destroy();
    // Both die: the GET is tried on each once, then answered 503.
    expect((await get('/api/products').expect(503)).body).toEqual({ message: 'The catalog service is unavailable, please try again shortly' });
    two.handler = (req, res) => res.end(JSON.stringify({ upstream: 'catalog-2' }));
    const served = await Promise.all(Array.from({ length: 4 }, () => get('/api/products').expect(200)));
    expect(served.every((res) => JSON.parse(res.text).upstream === 'catalog-2')).toBe(true);

    let postsSeen = 0;
    two.handler = (req, res) => {
      postsSeen++;
      res.end('{}');
    };
    one.handler = (req) => req.socket.destroy();
    // The POST that died is not sent again (it may have been acted on); a later one may go to the replica that works.
    const posts = await Promise.all(Array.from({ length: 4 }, () => request(gateway.url).post('/api/products').send({})));
    expect(posts.filter((res) => res.status === 503).length + postsSeen).toBe(4);
  });

  it('retries an anonymous GET the API cache makes once on the other replica when the first dies mid-request', async () => {
    await gateway.close();
    gateway = await startGateway({
      CATALOG_URL: `${one.url},${two.url}`,
      USERS_URL: users.url,
      ORDERS_URL: orders.url,
      API_CACHE_MS: '5000',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    let diedOnOne = 0;
    one.handler = (req) => {
      diedOnOne++;
      req.socket.destroy();
    };
    // Distinct URLs: each is the cache's own fetch (none answered from the store), on either replica first.
    const answered = await Promise.all(Array.from({ length: 6 }, (_, i) => get(`/api/products/p${i}`)));
    expect(answered.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(answered.every((res) => (res.body as Echo).upstream === 'catalog-2')).toBe(true);
    expect(diedOnOne).toBeGreaterThan(0);

    // Both die: tried on each once, then answered 503 as the proxy would.
    two.handler = (req) => req.socket.destroy();
    expect((await get('/api/products/gone').expect(503)).body).toEqual({ message: 'The catalog service is unavailable, please try again shortly' });
  });

  it('passes over a replica that says it is not ready, and says so in /api/health', async () => {
    one.readiness = { status: 503, body: { message: 'database is not ready' } };
    await eventually(async () => {
      const health = (await get('/api/health')).body as { services: { catalog: { replicas?: { ready: number; total: number } } } };
      return health.services.catalog.replicas?.ready === 1 ? health : undefined;
    }, 10_000, 'health to show one ready replica of two');
    // The pool's own probe runs every 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const answered = await Promise.all(Array.from({ length: 6 }, () => get('/api/products').expect(200)));
    expect(answered.every((res) => (res.body as Echo).upstream === 'catalog-2')).toBe(true);
    const health = (await get('/api/health')).body as { status: string; services: { catalog: { status: string } } };
    expect(health.services.catalog.status).toBe('up');
  });
});
