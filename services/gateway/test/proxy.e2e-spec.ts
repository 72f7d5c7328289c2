import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { echo, type Echo, eventually, sendJson, sha256 } from '@shop/testing';
import { startGateway, startShop, type TestShop } from './support/gateway.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('gateway proxy', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startShop();
  });

  afterAll(async () => {
    await shop?.close();
  });

  afterEach(() => {
    for (const stub of [shop.catalog, shop.users, shop.orders]) {
      stub.handler = echo;
      stub.received.length = 0;
    }
  });

  const api = () => request(shop.gateway.url);

  describe('routes each path to its service', () => {
    it.each([
      ['/api/products', 'catalog'],
      ['/api/products/', 'catalog'],
      ['/api/products/top', 'catalog'],
      ['/api/products/delete/8f7e', 'catalog'],
      ['/api/products?keyword=shoe&pageNumber=2', 'catalog'],
      ['/api/upload', 'catalog'],
      ['/uploads/sneaker.png', 'catalog'],
      ['/api/users', 'users'],
      ['/api/users/login', 'users'],
      ['/api/users/profile', 'users'],
      ['/api/orders', 'orders'],
      ['/api/orders/42/pay_status', 'orders'],
      ['/api/config/paypal', 'orders'],
    ])('%s goes to %s', async (path, upstream) => {
      const res = await api().get(path).expect(200);
      expect(res.body).toMatchObject({ upstream, url: path });
    });

    it.each([
      '/api/productsX',
      '/api/products-top',
      '/api/uploads',
      '/api/upload/more',
      '/api/usersX/login',
      '/api/order',
      '/api/config',
      '/api/config/paypalX',
      '/api',
      '/api/nothing',
    ])('%s belongs to no service: 404 with a message', async (path) => {
      const res = await api().get(path).expect(404);
      expect(res.body).toEqual({ message: 'Not found' });
      expect([shop.catalog, shop.users, shop.orders].flatMap((stub) => stub.received)).toHaveLength(0);
    });

    it('hands a path outside /api that no service names to the storefront server (which answers its 404)', async () => {
      const res = await api().get('/uploadsX/a.png').expect(200);
      expect(res.headers['x-stub-upstream']).toBe('storefront');
      expect([shop.catalog, shop.users, shop.orders].flatMap((stub) => stub.received)).toHaveLength(0);
    });

    it('answers 404 with a message for any method on an unknown /api path', async () => {
      const res = await api().post('/api/nothing').send({ a: 1 }).expect(404);
      expect(res.body).toEqual({ message: 'Not found' });
    });
  });

  it('passes method, path, query, headers and body through, and the answer back as it is', async () => {
    const body = '{"name":"Ada","email":"ada@example.com"}';
    const res = await api()
      .put('/api/users/42?x=1&y=a%20b&y=c')
      .set('Authorization', 'Bearer some.token.here')
      .set('Content-Type', 'application/json')
      .set('X-Custom', 'kept')
      .set('X-Stub-Status', '201')
      .send(body);
    expect(res.status).toBe(201);
    expect(res.headers['x-stub-upstream']).toBe('users');
    const echoed = res.body as Echo;
    expect(echoed).toMatchObject({ method: 'PUT', url: '/api/users/42?x=1&y=a%20b&y=c', bodySha256: sha256(body) });
    expect(echoed.headers).toMatchObject({
      authorization: 'Bearer some.token.here',
      'content-type': 'application/json',
      'x-custom': 'kept',
      host: new URL(shop.gateway.url).host,
    });
  });

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])('passes %s through', async (method) => {
    const res = await api()[method.toLowerCase() as 'get'](`/api/orders/7`).expect(200);
    expect(res.body).toMatchObject({ method, url: '/api/orders/7' });
  });

  it('replaces what a client claims in the forwarding headers with what the gateway saw', async () => {
    const res = await api().get('/api/products').set('X-Forwarded-For', '6.6.6.6').set('X-Forwarded-Host', 'evil.example');
    const { headers } = res.body as Echo;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-host']).toBe(new URL(shop.gateway.url).host);
    expect(headers['x-forwarded-proto']).toBe('http');
  });

  it("keeps a client's trace context from the service: the gateway's own span sends its own (docs/operations.md)", async () => {
    const res = await api()
      .get('/api/products')
      .set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')
      .set('tracestate', 'vendor=client');
    const { headers } = res.body as Echo;
    // Tracing is off in this test: nothing is sent in their place either.
    expect(headers.traceparent).toBeUndefined();
    expect(headers.tracestate).toBeUndefined();
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names, and passes the client on alone', async () => {
    const behindProxy = await startGateway({
      CATALOG_URL: shop.catalog.url,
      USERS_URL: shop.users.url,
      ORDERS_URL: shop.orders.url,
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
    });
    try {
      const seen = async (forwardedFor: string) =>
        ((await request(behindProxy.url).get('/api/products').set('X-Forwarded-For', forwardedFor)).body as Echo).headers['x-forwarded-for'];
      // The nearest address that is not a trusted proxy is the client; what it claimed before that is not believed.
      expect(await seen('203.0.113.9')).toBe('203.0.113.9');
      expect(await seen('6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
      // Something that is no address at all counts as nothing said: the connection's address stands.
      expect(await seen('not an address')).toBe('127.0.0.1');
    } finally {
      await behindProxy.close();
    }
  });

  it('streams a multipart upload to the catalog byte for byte', async () => {
    const boundary = '----shop-test-boundary-7MA4YWxkTrZu0gW';
    const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300 * 1024)]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await api()
      .post('/api/upload')
      .set('Authorization', 'Bearer admin.token')
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(body)
      .expect(200);
    const [received] = shop.catalog.received;
    expect(received.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
    expect(received.headers['content-length']).toBe(String(body.length));
    expect(received.body.equals(body)).toBe(true);
  });

  it('passes a large body through unchanged (the gateway sets no size limit of its own)', async () => {
    const body = randomBytes(25 * 1024 * 1024);
    const res = await api().post('/api/upload').set('Content-Type', 'application/octet-stream').send(body).expect(200);
    expect(res.body).toMatchObject({ bodyLength: body.length, bodySha256: sha256(body) });
  });

  it('streams a body to the service as it arrives, without waiting for its end', async () => {
    let firstChunkArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (firstChunkArrived = resolve));
    shop.catalog.handler = (req, res, stub) => {
      req.once('data', () => firstChunkArrived());
      echo(req, res, stub);
    };
    const first = randomBytes(64 * 1024);
    const rest = randomBytes(1024 * 1024);
    const { port } = new URL(shop.gateway.url);
    const answer = new Promise<Echo>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/upload', headers: { 'content-type': 'application/octet-stream' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as Echo));
      });
      req.on('error', reject);
      req.write(first);
      // The rest is sent only once the service has the first part: a gateway that waited for the whole body would stall here.
      void arrived.then(() => req.end(rest));
    });
    await expect(answer).resolves.toMatchObject({ bodySha256: sha256(Buffer.concat([first, rest])) });
  });

  it("passes on a service's early answer to a body it will not read (413)", async () => {
    shop.catalog.handler = (_req, res) => sendJson(res, 413, { message: 'Image too large (5 MB at most)' });
    const res = await api().post('/api/upload').set('Content-Type', 'application/octet-stream').send(randomBytes(8 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Image too large (5 MB at most)' });
  });

  describe('request ids', () => {
    it('gives a request without one a new id, answers with it and passes it to the service', async () => {
      const res = await api().get('/api/products').expect(200);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(shop.catalog.received[0].headers['x-request-id']).toBe(id);
    });

    it('keeps a well-formed id from the client', async () => {
      const res = await api().get('/api/users/profile').set('X-Request-Id', 'trace.0123-abcd_XYZ').expect(200);
      expect(res.headers['x-request-id']).toBe('trace.0123-abcd_XYZ');
      expect(shop.users.received[0].headers['x-request-id']).toBe('trace.0123-abcd_XYZ');
    });

    it.each(['has spaces in it', 'short', 'x'.repeat(65), 'semi;colon-0001'])('replaces a malformed id (%s)', async (given) => {
      const res = await api().get('/api/orders').set('X-Request-Id', given).expect(200);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(shop.orders.received[0].headers['x-request-id']).toBe(id);
    });

    it("gives the gateway's own answers an id too", async () => {
      const res = await api().get('/api/nothing').expect(404);
      expect(res.headers['x-request-id']).toMatch(UUID);
    });
  });
  it('drops hop-by-hop headers and those the client names in Connection, keeping every other', async () => {
    const res = await api()
      .get('/api/orders/7')
      .set('Connection', 'keep-alive, X-Hop-Secret')
      .set('X-Hop-Secret', 'for the gateway only')
      .set('Keep-Alive', 'timeout=5')
      .set('Forwarded', 'for=6.6.6.6')
      .set('X-Forwarded-Port', '1234')
      .set('X-Kept', 'yes')
      .expect(200);
    const { headers } = res.body as Echo;
    for (const name of ['x-hop-secret', 'keep-alive', 'forwarded', 'x-forwarded-port']) expect(headers[name]).toBeUndefined();
    expect(headers['x-kept']).toBe('yes');
  });

  it("answers a client's Expect: 100-continue itself and passes the body on without the header", async () => {
    const body = randomBytes(200 * 1024);
    const { port } = new URL(shop.gateway.url);
    const echoed = await new Promise<Echo>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/upload', headers: { expect: '100-continue', 'content-length': body.length } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as Echo));
        },
      );
      req.on('continue', () => req.end(body));
      req.on('error', reject);
    });
    expect(echoed.bodySha256).toBe(sha256(body));
    expect(echoed.headers.expect).toBeUndefined();
  });

  it("keeps the service's connection headers to itself", async () => {
    shop.orders.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close', 'keep-alive': 'timeout=99', 'x-from-orders': 'kept' });
      res.end('{}');
    };
    // A client keeping its connection alive (supertest asks for Connection: close).
    const agent = new Agent({ keepAlive: true });
    const { port } = new URL(shop.gateway.url);
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/api/orders/7', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      })
        .on('error', reject)
        .end();
    });
    agent.destroy();
    expect(headers['x-from-orders']).toBe('kept');
    expect(headers.connection).toBe('keep-alive');
    expect(headers['keep-alive']).not.toBe('timeout=99');
  });

  it("passes HEAD through, and a service's status text", async () => {
    shop.users.handler = (req, res) => {
      res.writeHead(202, 'Queued For Later', { 'content-type': 'application/json', 'content-length': 2 });
      res.end(req.method === 'HEAD' ? undefined : '{}');
    };
    const { port } = new URL(shop.gateway.url);
    const answer = await new Promise<{ status?: number; text?: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, method: 'HEAD', path: '/api/users/profile' }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, text: res.statusMessage, headers: res.headers }));
      })
        .on('error', reject)
        .end();
    });
    expect(answer).toMatchObject({ status: 202, text: 'Queued For Later', headers: { 'content-length': '2' } });
  });

  it("drops the service's request when the client goes away before its answer", async () => {
    let closed = false;
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => (received = resolve));
    shop.orders.handler = (_req, res) => {
      received();
      res.on('close', () => (closed = true));
    };
    const client = new AbortController();
    const answer = fetch(`${shop.gateway.url}/api/orders`, { method: 'POST', body: '{}', headers: { prefer: 'wait=5' }, signal: client.signal });
    await arrived;
    client.abort();
    await expect(answer).rejects.toThrow();
    await eventually(async () => (closed ? true : undefined), 2_000, "the service's request closed");
  });

  it.each([
    '/api/orders/%ZZ',
    '/api/users/%E0%A4%A',
    '/api/orders/..%2F..%2Fadmin',
    '/api/orders?status[]=a&status[b]=c',
    `/api/orders?q=${'a'.repeat(6000)}`,
  ])('passes malformed input %s on to the service, never an error of its own', async (path) => {
    const res = await api().get(path).set('X-Request-Id', 'x'.repeat(500)).set('Accept-Encoding', ';;q=abc, br;q=NaN');
    expect(res.status).toBe(200);
    expect((res.body as Echo).url).toBe(path);
  });

  describe('compression of what the services answer', () => {
    /** A service answering `body` with `headers`; the gateway's answer is read as the bytes that came. */
    const answering = (body: Buffer | string, headers: OutgoingHttpHeaders, chunked = false) => {
      shop.orders.handler = (req, res) => {
        req.resume();
        res.writeHead(200, chunked ? headers : { ...headers, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      };
    };
    const raw = (headers: Record<string, string>, method = 'GET') =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const { port } = new URL(shop.gateway.url);
        httpRequest({ host: '127.0.0.1', port, method, path: '/api/orders/mine', headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const json = JSON.stringify({ orders: Array.from({ length: 60 }, (_, i) => ({ _id: `order-${i}`, totalPrice: 12.5 * i })) });

    it('sends an answer of 1 KB or more brotli- or gzip-encoded, as the client prefers', async () => {
      answering(json, { 'content-type': 'application/json; charset=utf-8' });
      const gzipped = await raw({ 'accept-encoding': 'gzip' });
      expect(gzipped.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      expect(gzipped.headers['content-length']).toBeUndefined();
      expect(gunzipSync(gzipped.body).toString()).toBe(json);
      const brotli = await raw({ 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.body).toString()).toBe(json);
      const plain = await raw({ 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-length']).toBe(String(json.length));
      expect(plain.body.toString()).toBe(json);
    });

    it('compresses an answer of unknown length too', async () => {
      answering(json, { 'content-type': 'application/json' }, true);
      const gzipped = await raw({ 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.body).toString()).toBe(json);
    });

    it('leaves small answers, images, HEADs and no-transform answers as they are', async () => {
      answering('{"small":true}', { 'content-type': 'application/json' });
      const small = await raw({ 'accept-encoding': 'gzip' });
      expect(small.headers).toMatchObject({ 'content-length': '14', vary: 'Accept-Encoding' });
      expect(small.headers['content-encoding']).toBeUndefined();

      const png = randomBytes(4096);
      answering(png, { 'content-type': 'image/png' });
      const image = await raw({ 'accept-encoding': 'gzip' });
      expect(image.headers['content-encoding']).toBeUndefined();
      expect(image.body.equals(png)).toBe(true);

      answering(json, { 'content-type': 'application/json', 'cache-control': 'no-transform' });
      expect((await raw({ 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();

      answering(json, { 'content-type': 'application/json' });
      const head = await raw({ 'accept-encoding': 'gzip' }, 'HEAD');
      expect(head.headers['content-encoding']).toBeUndefined();
      expect(head.headers['content-length']).toBe(String(json.length));
    });

    it('passes an answer the service already encoded untouched', async () => {
      const encoded = gzipSync(json);
      answering(encoded, { 'content-type': 'application/json', 'content-encoding': 'gzip', vary: 'Origin' });
      const res = await raw({ 'accept-encoding': 'gzip, br' });
      expect(res.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Origin, Accept-Encoding' });
      expect(res.body.equals(encoded)).toBe(true);
    });
  });
});
