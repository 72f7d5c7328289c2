import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@shop/testing';
import { UpstreamPool } from './upstream-pool.js';

/** What a test service received of one request. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A service that records each request and answers as `answer` says (nothing: it stays silent). */
async function startService(answer: (received: Received) => { status: number; body: string } | undefined): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const reply = answer(request);
      if (!reply) return;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

describe('UpstreamPool.postJson', () => {
  let pool: UpstreamPool | undefined;
  const servers: Server[] = [];

  /** A pool whose users service is these replicas. */
  const poolOf = (...urls: string[]) => {
    pool = new UpstreamPool({ urls: { catalog: ['http://127.0.0.1:3001'], users: urls, orders: ['http://127.0.0.1:3003'] }, timeoutMs: 15_000 });
    return pool;
  };

  afterEach(async () => {
    await pool?.onApplicationShutdown();
    pool = undefined;
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('POSTs the body as JSON with its own framing in place of the caller’s, and gives back the status and parsed answer', async () => {
    const service = await startService(() => ({ status: 401, body: '{"message":"Invalid email or password"}' }));
    servers.push(service.server);
    const users = poolOf(`${service.url}/base/`);

    const reply = await users.postJson(users.pick('users'), '/api/users/login', { email: 'ann@example.com', password: 'pässword' }, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '999', 'accept-encoding': 'gzip', 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'req-1' },
      timeoutMs: 1_000,
    });

    expect(reply).toEqual({ answered: true, status: 401, body: { message: 'Invalid email or password' } });
    const [received] = service.received;
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/base/api/users/login');
    expect(JSON.parse(received.body)).toEqual({ email: 'ann@example.com', password: 'pässword' });
    expect(received.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(received.body)),
      accept: 'application/json',
      'accept-encoding': 'identity',
      'x-forwarded-for': '203.0.113.9',
      'x-request-id': 'req-1',
    });
  });

  it('reports an answer over maxBytes as no answer', async () => {
    const service = await startService(() => ({ status: 200, body: JSON.stringify({ token: 'x'.repeat(2_000) }) }));
    servers.push(service.server);
    const users = poolOf(service.url);

    expect(await users.postJson(users.pick('users'), '/login', {}, { timeoutMs: 1_000, maxBytes: 1_024 })).toEqual({ answered: false, reason: 'unreachable' });
  });

  it('reports a silent service as timed out, without passing its replica over (it was only slow)', async () => {
    const silent = await startService(() => undefined);
    const other = await startService(() => ({ status: 200, body: '{}' }));
    servers.push(silent.server, other.server);
    const users = poolOf(silent.url, other.url);
    const [replica] = users.all('users');

    expect(await users.postJson(replica, '/login', {}, { timeoutMs: 200 })).toEqual({ answered: false, reason: 'timed out' });
    expect(replica.downUntil).toBe(0);
  });

  it('passes over a replica it cannot connect to, and tries no other itself (the caller decides)', async () => {
    const other = await startService(() => ({ status: 200, body: '{}' }));
    servers.push(other.server);
    const users = poolOf(`http://127.0.0.1:${await freePort()}`, other.url);
    const [down] = users.all('users');

    expect(await users.postJson(down, '/login', {}, { timeoutMs: 1_000 })).toEqual({ answered: false, reason: 'unreachable' });
    expect(down.downUntil).toBeGreaterThan(Date.now());
    expect(other.received).toEqual([]);
  });

  it('does not blame the replica for a request undici refuses to send (a header value it will not write)', async () => {
    const service = await startService(() => ({ status: 200, body: '{}' }));
    const other = await startService(() => ({ status: 200, body: '{}' }));
    servers.push(service.server, other.server);
    const users = poolOf(service.url, other.url);
    const [replica] = users.all('users');

    expect(await users.postJson(replica, '/login', {}, { headers: { 'x-bad': 'a\r\nb' }, timeoutMs: 1_000 })).toEqual({ answered: false, reason: 'unreachable' });
    expect(replica.downUntil).toBe(0);
    expect(service.received).toEqual([]);
  });
});
