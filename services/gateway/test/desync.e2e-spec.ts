import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startGateway, startShop, type TestShop } from './support/gateway.js';
import { echo, type Echo, FORWARDED_FRAMINGS as FORWARDED, HOST, type RawExchange, rawExchange, type ReceivedRequest, REFUSED_FRAMINGS as REFUSED, sha256 } from '@shop/testing';

/**
 * Request smuggling and crossed answers (issue 21, section 1): hostile framings sent byte for byte
 * on raw sockets to the gateway in front of recording services (the stubs record every request
 * they parse, with its body). For each case the services must have seen exactly the requests the
 * gateway answered for, bodies byte for byte, and nothing else; a request whose framing is
 * ambiguous is refused with 400 and its connection closed, and reaches no service. After every
 * case a bystander's request, on a connection of its own from another address, must get its own
 * answer: a smuggled request left on a pooled connection to a service would answer it instead.
 */

describe('gateway: no request smuggled, no answer crossed', () => {
  let shop: TestShop;
  let caseNumber = 0;

  beforeAll(async () => {
    shop = await startShop({ API_CACHE_MS: '0' });
  });

  afterAll(async () => {
    await shop?.close();
  });

  /** Every request the services parsed since the last call, in the order they finished arriving. */
  const received = (): ReceivedRequest[] => {
    const all = [shop.catalog, shop.users, shop.orders].flatMap((stub) => stub.received.splice(0));
    return all;
  };

  /** A client of its own for each case: 127.0.x.y. */
  const addressOf = (n: number) => `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;

  /** A bystander's request on a connection of its own: it must get its own answer, and nothing else may reach a service. */
  async function bystanderGetsItsOwnAnswer(n: number): Promise<void> {
    const url = `/api/orders/bystander-${n}`;
    const exchange = await rawExchange(shop.gateway.url, `GET ${url} HTTP/1.1\r\n${HOST}\r\n`, { localAddress: addressOf(1000 + n) });
    expect(exchange.answers).toHaveLength(1);
    expect((JSON.parse(exchange.answers[0].body.toString()) as Echo).url).toBe(url);
    expect(received().map((request) => `${request.method} ${request.url}`)).toEqual([`GET ${url}`]);
  }

  it(`has at least 40 framing cases (${REFUSED.length + FORWARDED.length})`, () => {
    expect(REFUSED.length + FORWARDED.length).toBeGreaterThanOrEqual(40);
  });

  it.each(REFUSED.map((one) => [one.name, one] as const))('refuses %s: 400, connection closed, nothing reaches a service', async (_name, one) => {
    const n = caseNumber++;
    received();
    const exchange: RawExchange = await rawExchange(shop.gateway.url, one.raw, { localAddress: addressOf(n) });
    expect(exchange.answers.map((answer) => answer.status)).toEqual([400]);
    expect(JSON.parse(exchange.answers[0].body.toString())).toEqual({ message: expect.any(String) });
    expect(exchange.answers[0].headers['x-stub-upstream']).toBeUndefined();
    expect(exchange.closedByServer).toBe(true);
    expect(received()).toEqual([]);
    await bystanderGetsItsOwnAnswer(n);
  });

  it.each(FORWARDED.map((one) => [one.name, one] as const))('forwards %s exactly as framed, and nothing else', async (_name, one) => {
    const n = caseNumber++;
    received();
    const expected = one.forwarded ?? [];
    const exchange = await rawExchange(shop.gateway.url, one.raw, { localAddress: addressOf(n) });
    // One answer per request (after a 100 Continue where one was asked for), each the echo of that very request.
    const answers = exchange.answers.filter((answer) => answer.status >= 200);
    expect(answers.map((answer) => answer.status)).toEqual(expected.map(() => 200));
    answers.forEach((answer, i) => {
      const echo = JSON.parse(answer.body.toString()) as Echo;
      const body = Buffer.from(expected[i].body ?? '');
      expect({ method: echo.method, url: echo.url, bodyLength: echo.bodyLength, bodySha256: echo.bodySha256 }).toEqual({
        method: expected[i].method,
        url: expected[i].url,
        bodyLength: body.length,
        bodySha256: sha256(body),
      });
      // What the gateway says of the client, never what the client claimed.
      expect(echo.headers['x-forwarded-for']).toBe(addressOf(n));
      expect(echo.headers['x-hop']).toBeUndefined();
    });
    // The services saw exactly these requests, bodies byte for byte (each service in its own order).
    const key = (request: { method: string; url: string; body: string }) => `${request.method} ${request.url} ${request.body}`;
    const seen = received().map((request) => ({ method: request.method, url: request.url, body: request.body.toString('latin1') }));
    expect(seen.map(key).sort()).toEqual(
      expected.map((request) => key({ method: request.method, url: request.url, body: Buffer.from(request.body ?? '').toString('latin1') })).sort(),
    );
    await bystanderGetsItsOwnAnswer(n);
  });

  it('keeps the client connection when a service answers a large body before reading it, and answers the next request on it', async () => {
    // The service answers 413 at once and reads none of the body: the gateway's exchange with it ends
    // early; the client's connection, its answer and the request pipelined after it must not go with it.
    shop.orders.handler = (req, res) => {
      if (req.method !== 'POST') return echo(req, res, shop.orders);
      res.writeHead(413, { 'content-type': 'application/json', 'content-length': 2 }).end('{}');
    };
    try {
      const body = 'b'.repeat(512 * 1024);
      const exchange = await rawExchange(
        shop.gateway.url,
        `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: ${body.length}\r\n\r\n${body}GET /api/orders/next HTTP/1.1\r\n${HOST}\r\n`,
        { localAddress: addressOf(caseNumber++), idleMs: 1_000 },
      );
      expect(exchange.answers.map((answer) => answer.status)).toEqual([413, 200]);
      expect((JSON.parse(exchange.answers[1].body.toString()) as Echo).url).toBe('/api/orders/next');
    } finally {
      shop.orders.handler = echo;
      received();
    }
  });

  it('never gives one client an answer meant for another, with hostile and honest clients at once', async () => {
    received();
    const hostile = REFUSED.map((one, i) => rawExchange(shop.gateway.url, one.raw, { localAddress: addressOf(2000 + i) }));
    const honest = Array.from({ length: 30 }, (_, i) =>
      rawExchange(shop.gateway.url, `GET /api/users/profile?who=${i} HTTP/1.1\r\n${HOST}Authorization: Bearer token-${i}\r\n\r\n`, {
        localAddress: addressOf(3000 + i),
      }),
    );
    const [hostileExchanges, honestExchanges] = await Promise.all([Promise.all(hostile), Promise.all(honest)]);
    for (const exchange of hostileExchanges) expect(exchange.answers.map((answer) => answer.status)).toEqual([400]);
    honestExchanges.forEach((exchange, i) => {
      expect(exchange.answers).toHaveLength(1);
      const echo = JSON.parse(exchange.answers[0].body.toString()) as Echo;
      expect([echo.url, echo.headers.authorization]).toEqual([`/api/users/profile?who=${i}`, `Bearer token-${i}`]);
    });
    const seen = received().map((request) => request.url);
    expect(seen.sort()).toEqual(honestExchanges.map((_, i) => `/api/users/profile?who=${i}`).sort());
  });
});

describe('gateway: a service whose answers do not match its requests', () => {
  /** A raw service: `answer` writes what it likes for each request it reads (one per chunk of data, enough for GETs). */
  async function rawService(answer: (socket: Socket, request: string, n: number) => void): Promise<{ server: Server; url: string; connections: () => number }> {
    let connections = 0;
    let n = 0;
    const server = createServer((socket) => {
      connections++;
      socket.on('error', () => undefined);
      socket.on('data', (data) => answer(socket, data.toString('latin1'), n++));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
  }

  const answerOf = (body: string) => `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
  const urlOf = (request: string) => request.split(' ')[1];

  it('destroys a connection that answers twice, and never hands the extra answer to the next client', async () => {
    // Each request gets its answer, then an answer nobody asked for: a desynchronised service.
    const service = await rawService((socket, request) => socket.write(answerOf(`for ${urlOf(request)}`) + answerOf('NOBODY ASKED')));
    const gateway = await startGateway({ ORDERS_URL: service.url, CATALOG_URL: service.url, USERS_URL: service.url });
    try {
      for (let i = 0; i < 5; i++) {
        const exchange = await rawExchange(gateway.url, `GET /api/orders/${i} HTTP/1.1\r\n${HOST}\r\n`, { localAddress: `127.0.9.${i + 1}` });
        expect(exchange.answers.map((answer) => answer.body.toString())).toEqual([`for /api/orders/${i}`]);
      }
      // Each request went out on a new connection: none that carried an extra answer was used again.
      expect(service.connections()).toBe(5);
    } finally {
      await gateway.close();
      service.server.close();
    }
  });

  it('answers 502 to an answer that is not HTTP, and the next request gets its own answer on a new connection', async () => {
    const service = await rawService((socket, request, n) => (n === 0 ? socket.write('HTTP/1.1 2OO OK\r\n\r\n') : socket.write(answerOf(`for ${urlOf(request)}`))));
    const gateway = await startGateway({ ORDERS_URL: service.url, CATALOG_URL: service.url, USERS_URL: service.url });
    try {
      const first = await rawExchange(gateway.url, `GET /api/orders/a HTTP/1.1\r\n${HOST}\r\n`);
      expect(first.answers.map((answer) => answer.status)).toEqual([502]);
      const second = await rawExchange(gateway.url, `GET /api/orders/b HTTP/1.1\r\n${HOST}\r\n`);
      expect(second.answers.map((answer) => answer.body.toString())).toEqual(['for /api/orders/b']);
      expect(service.connections()).toBe(2);
    } finally {
      await gateway.close();
      service.server.close();
    }
  });

  it('passes on an early answer (before the body was read) and does not reuse that connection', async () => {
    const service = await rawService((socket, request) => {
      if (request.startsWith('GET')) return void socket.write(answerOf(`for ${urlOf(request)}`));
      if (!request.startsWith('POST')) return;
      // Answers at once, and reads no more of the body: the connection's next bytes are not a request.
      socket.write('HTTP/1.1 413 Payload Too Large\r\nContent-Length: 2\r\n\r\nno');
      socket.pause();
    });
    const gateway = await startGateway({ ORDERS_URL: service.url, CATALOG_URL: service.url, USERS_URL: service.url });
    try {
      const body = 'x'.repeat(8 * 1024 * 1024);
      const upload = await rawExchange(gateway.url, `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: ${body.length}\r\n\r\n${body}`);
      expect(upload.answers.map((answer) => answer.status)).toEqual([413]);
      const next = await rawExchange(gateway.url, `GET /api/orders/after HTTP/1.1\r\n${HOST}\r\n`);
      expect(next.answers.map((answer) => answer.body.toString())).toEqual(['for /api/orders/after']);
      expect(service.connections()).toBe(2);
    } finally {
      await gateway.close();
      service.server.close();
    }
  });
});
