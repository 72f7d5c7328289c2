import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sha256, type Echo, type ReceivedRequest } from './support/stub-upstream.js';
import { startGateway, startShop, type TestShop } from './support/gateway.js';
import { rawExchange, type RawExchange } from './support/raw-http.js';

/**
 * Request smuggling and crossed answers (issue 21, section 1): hostile framings sent byte for byte
 * on raw sockets to the gateway in front of recording services (the stubs record every request
 * they parse, with its body). For each case the services must have seen exactly the requests the
 * gateway answered for, bodies byte for byte, and nothing else; a request whose framing is
 * ambiguous is refused with 400 and its connection closed, and reaches no service. After every
 * case a bystander's request, on a connection of its own from another address, must get its own
 * answer: a smuggled request left on a pooled connection to a service would answer it instead.
 */

const HOST = 'Host: shop.test\r\n';

/** A request the services must receive, in order. */
interface Forwarded {
  method: string;
  url: string;
  body?: string | Buffer;
}

interface Case {
  name: string;
  raw: string;
  /** What reaches the services; none: the request is refused (400, connection closed). */
  forwarded?: Forwarded[];
}

const smuggledPut = `PUT /api/users/profile HTTP/1.1\r\n${HOST}Authorization: Bearer victim\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n{"name":"pwned"}\n`;
const smuggledGet = `GET /api/users/admin HTTP/1.1\r\n${HOST}\r\n`;

/** Ambiguous framings: every one is refused before any service sees it. */
const REFUSED: Case[] = [
  // CL.TE and TE.CL
  { name: 'CL.TE: Content-Length and chunked', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nG` },
  { name: 'TE.CL: chunked and Content-Length', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n8\r\nSMUGGLED\r\n0\r\n\r\n` },
  { name: 'CL.TE with a smuggled request in the body', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: ${5 + smuggledGet.length}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggledGet}` },
  // TE.TE obfuscations
  { name: 'TE: xchunked', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: xchunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: space before the colon', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding : chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: chunked, identity', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked, identity\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: identity', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: identity\r\n\r\nabc` },
  { name: 'TE: gzip, chunked', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: gzip, chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: twice', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: quoted', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: "chunked"\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: vertical tab before the value', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding:\x0bchunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: folded onto the next line (obs-fold)', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding:\r\n chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: chunked in HTTP/1.0', raw: `POST /api/orders HTTP/1.0\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  // Framing headers named in Connection (the review's smuggle)
  { name: 'GET naming Content-Length in Connection, a request in its body', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}Connection: Content-Length\r\nContent-Length: ${smuggledPut.length}\r\n\r\n${smuggledPut}` },
  { name: 'GET naming Transfer-Encoding in Connection', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}Connection: keep-alive, Transfer-Encoding\r\nTransfer-Encoding: chunked\r\n\r\n${smuggledGet.length.toString(16)}\r\n${smuggledGet}\r\n0\r\n\r\n` },
  { name: 'Connection naming Host', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}Connection: close, host\r\n\r\n` },
  { name: 'POST naming content-length in Connection', raw: `POST /api/users/login HTTP/1.1\r\n${HOST}Connection: content-length\r\nContent-Length: 2\r\n\r\n{}` },
  // Content-Length oddities
  { name: 'CL: twice, the same', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 3\r\nContent-Length: 3\r\n\r\nabc` },
  { name: 'CL: twice, different', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 3\r\nContent-Length: 40\r\n\r\nabc${smuggledGet}` },
  { name: 'CL: a list', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 3, 3\r\n\r\nabc` },
  { name: 'CL: negative', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: -1\r\n\r\nabc` },
  { name: 'CL: with a plus sign', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: +3\r\n\r\nabc` },
  { name: 'CL: hexadecimal', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 0x3\r\n\r\nabc` },
  { name: 'CL: not a number', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: abc\r\n\r\nabc` },
  { name: 'CL: larger than any integer', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 99999999999999999999999\r\n\r\nabc` },
  { name: 'CL: a space inside the number', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 1 0\r\n\r\nabcdefghij` },
  { name: 'CL: space before the colon', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length : 3\r\n\r\nabc` },
  // Chunks
  { name: 'chunk size overflowing 64 bits', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFF3\r\nabc\r\n0\r\n\r\n` },
  { name: 'chunk size not hexadecimal', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n` },
  { name: 'chunk size negative', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n-3\r\nabc\r\n0\r\n\r\n` },
  { name: 'chunk lines ended by bare LF', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3\nabc\n0\n\n` },
  { name: 'chunk longer than its size', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n` },
  // Lines and headers
  { name: 'obs-fold in another header', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}X-Note: one\r\n two\r\n\r\n` },
  { name: 'bare LF line endings', raw: `GET /api/orders/mine HTTP/1.1\n${HOST.trim()}\n\n` },
  { name: 'bare LF inside the head', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST.trim()}\nX-A: b\r\n\r\n` },
  { name: 'bare CR inside the head', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST.trim()}\rX-A: b\r\n\r\n` },
  { name: 'NUL in a header value', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}X-A: a\0b\r\n\r\n` },
  { name: 'two Host headers', raw: `GET /api/orders/mine HTTP/1.1\r\nHost: shop.test\r\nHost: evil.test\r\n\r\n` },
  { name: 'no Host in HTTP/1.1', raw: `GET /api/orders/mine HTTP/1.1\r\n\r\n` },
  // Targets
  { name: 'absolute-form target', raw: `GET http://evil.test/api/orders/mine HTTP/1.1\r\n${HOST}\r\n` },
  { name: 'asterisk-form target', raw: `OPTIONS * HTTP/1.1\r\n${HOST}\r\n` },
  { name: 'a refused request followed by a pipelined one', raw: `GET /api/orders/a HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n${smuggledGet}` },
];

/** Requests whose framing is plain, or odd but unambiguous: each reaches its service exactly as framed. */
const FORWARDED: Case[] = [
  { name: 'a plain GET', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}\r\n`, forwarded: [{ method: 'GET', url: '/api/orders/mine' }] },
  {
    name: 'a POST with Content-Length',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 13\r\n\r\n{"items":[1]}`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: '{"items":[1]}' }],
  },
  {
    name: 'a chunked POST with chunk extensions',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3;name=value\r\nabc\r\n2\r\nde\r\n0\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abcde' }],
  },
  {
    name: 'a chunked POST with trailers',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Trailer: t\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abc' }],
  },
  {
    name: 'TE: CHUNKED in capitals',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: CHUNKED\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abc' }],
  },
  {
    name: 'TE: a tab before chunked',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding:\tchunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abc' }],
  },
  {
    name: 'a GET with a body (framed, so forwarded framed)',
    raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}Content-Length: ${smuggledPut.length}\r\n\r\n${smuggledPut}`,
    forwarded: [{ method: 'GET', url: '/api/orders/mine', body: smuggledPut }],
  },
  {
    name: 'a DELETE with a chunked body',
    raw: `DELETE /api/orders/9 HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n${smuggledGet.length.toString(16)}\r\n${smuggledGet}\r\n0\r\n\r\n`,
    forwarded: [{ method: 'DELETE', url: '/api/orders/9', body: smuggledGet }],
  },
  {
    name: 'a request whose body holds a request',
    raw: `POST /api/users/login HTTP/1.1\r\n${HOST}Content-Length: ${smuggledPut.length}\r\n\r\n${smuggledPut}`,
    forwarded: [{ method: 'POST', url: '/api/users/login', body: smuggledPut }],
  },
  {
    name: 'three pipelined requests',
    raw:
      `GET /api/orders/1 HTTP/1.1\r\n${HOST}\r\n` +
      `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 3\r\n\r\nabc` +
      `POST /api/users/login HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n`,
    forwarded: [
      { method: 'GET', url: '/api/orders/1' },
      { method: 'POST', url: '/api/orders', body: 'abc' },
      { method: 'POST', url: '/api/users/login', body: 'hi' },
    ],
  },
  {
    name: 'pipelined requests after one with Connection: close',
    raw: `GET /api/orders/1 HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n${smuggledGet}`,
    forwarded: [{ method: 'GET', url: '/api/orders/1' }],
  },
  {
    name: 'HTTP/1.0 with Content-Length',
    raw: `POST /api/orders HTTP/1.0\r\n${HOST}Content-Length: 3\r\n\r\nabc`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abc' }],
  },
  {
    name: 'Content-Length: 0',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 0\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: '' }],
  },
  {
    name: 'Expect: 100-continue',
    raw: `PUT /api/users/profile HTTP/1.1\r\n${HOST}Expect: 100-continue\r\nContent-Length: 4\r\n\r\nbody`,
    forwarded: [{ method: 'PUT', url: '/api/users/profile', body: 'body' }],
  },
  {
    name: 'Connection naming another header drops only that one',
    raw: `GET /api/orders/2 HTTP/1.1\r\n${HOST}Connection: keep-alive, x-hop\r\nX-Hop: gone\r\n\r\n`,
    forwarded: [{ method: 'GET', url: '/api/orders/2' }],
  },
  {
    name: 'a forged X-Forwarded-For',
    raw: `POST /api/users/login HTTP/1.1\r\n${HOST}X-Forwarded-For: 10.9.8.7\r\nContent-Length: 2\r\n\r\n{}`,
    forwarded: [{ method: 'POST', url: '/api/users/login', body: '{}' }],
  },
];

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
