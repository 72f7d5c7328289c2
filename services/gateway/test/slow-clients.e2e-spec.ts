import { connect, type Socket } from 'node:net';
import { rawExchange } from '@shop/testing';
import { TOO_MANY_CONNECTIONS_MESSAGE } from '../src/edge/client-connections.js';
import { startShop, type TestShop } from './support/gateway.js';

const HOST = 'Host: shop.test\r\n';

/** A connection from `localAddress` that records when the server closed it and what it answered. */
interface Watched {
  socket: Socket;
  closedAt?: number;
  received: string;
  closed: Promise<void>;
}

function open(url: string, localAddress: string): Promise<Watched> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let markClosed!: () => void;
    const watched: Watched = { socket, received: '', closed: new Promise((done) => (markClosed = done)) };
    socket.on('data', (chunk: Buffer) => (watched.received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      watched.closedAt = Date.now();
      markClosed();
    });
    socket.once('connect', () => resolve(watched));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs`, until it is written or the connection closes. */
function trickle(watched: Watched, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (at >= text.length || watched.socket.destroyed) return clearInterval(timer);
    watched.socket.write(text[at++]);
  }, everyMs);
  watched.closed.then(() => clearInterval(timer), () => undefined);
}

/** The time an honest client's request takes meanwhile. */
async function timedRequest(url: string, path: string, localAddress: string): Promise<{ ms: number; status?: number }> {
  const started = Date.now();
  const exchange = await rawExchange(url, `GET ${path} HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`, { localAddress, idleMs: 3_000 });
  return { ms: Date.now() - started, status: exchange.answers[0]?.status };
}

/**
 * Slow and greedy clients (issue 21, section 2): a client has HEADERS_TIMEOUT_MS to send a request's
 * head (a silent connection too), REQUEST_TIMEOUT_MS for the whole request, an idle kept-alive
 * connection is closed after KEEP_ALIVE_TIMEOUT_MS, and one address holds at most
 * MAX_CONNECTIONS_PER_ADDRESS connections; meanwhile everyone else is answered at once. The timeouts
 * are shortened for the test (defaults: 10 s, 120 s, 5 s, 64), the test is bounded in count and time.
 */
describe('gateway: slow and greedy clients', () => {
  let shop: TestShop;
  const HEADERS_MS = 1_000;
  const REQUEST_MS = 2_500;
  const KEEP_ALIVE_MS = 500;

  beforeAll(async () => {
    shop = await startShop({
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
      MAX_CONNECTIONS_PER_ADDRESS: '8',
    });
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('closes 20 connections trickling headers and 5 silent ones within the header timeout, answering others meanwhile', async () => {
    const started = Date.now();
    const trickling = await Promise.all(Array.from({ length: 20 }, (_, i) => open(shop.gateway.url, `127.0.20.${i + 1}`)));
    const silent = await Promise.all(Array.from({ length: 5 }, (_, i) => open(shop.gateway.url, `127.0.21.${i + 1}`)));
    // A header line a byte every 100 ms, never finished in time.
    for (const watched of trickling) trickle(watched, `GET /api/orders/slow HTTP/1.1\r\n${HOST}X-Slow: ${'a'.repeat(200)}\r\n\r\n`, 100);

    const honest = [];
    for (let i = 0; i < 5; i++) {
      honest.push(await timedRequest(shop.gateway.url, `/api/orders/honest-${i}`, `127.0.22.${i + 1}`));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all([...trickling, ...silent].map((watched) => watched.closed));

    // Every slow connection closed after the header timeout and well before twice it plus Node's 1 s check.
    for (const watched of [...trickling, ...silent]) {
      expect(watched.closedAt! - started).toBeGreaterThanOrEqual(HEADERS_MS - 100);
      expect(watched.closedAt! - started).toBeLessThan(HEADERS_MS * 2 + 1_500);
    }
    // A trickler that got part of its head out is told why (408); none reached a service.
    expect(trickling.filter((watched) => watched.received.startsWith('HTTP/1.1 408')).length).toBeGreaterThan(0);
    expect(shop.orders.received.filter((request) => request.url === '/api/orders/slow')).toEqual([]);
    // The honest clients were answered, each promptly.
    expect(honest.map((one) => one.status)).toEqual([200, 200, 200, 200, 200]);
    for (const one of honest) expect(one.ms).toBeLessThan(1_000);
  }, 15_000);

  it('cuts a request whose body trickles past the request timeout, with 408', async () => {
    const watched = await open(shop.gateway.url, '127.0.23.1');
    const started = Date.now();
    watched.socket.write(`POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 1000\r\n\r\n`);
    trickle(watched, 'x'.repeat(1000), 100);
    await watched.closed;
    expect(watched.closedAt! - started).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(watched.closedAt! - started).toBeLessThan(REQUEST_MS + 2_500);
    expect(watched.received).toMatch(/^HTTP\/1\.1 408 /);
  }, 10_000);

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const watched = await open(shop.gateway.url, '127.0.24.1');
    watched.socket.write(`GET /api/orders/one HTTP/1.1\r\n${HOST}\r\n`);
    const answeredAt = await new Promise<number>((resolve) => {
      const check = setInterval(() => {
        if (watched.received.includes('"url":"/api/orders/one"')) {
          clearInterval(check);
          resolve(Date.now());
        }
      }, 10);
    });
    await watched.closed;
    expect(watched.closedAt! - answeredAt).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    expect(watched.closedAt! - answeredAt).toBeLessThan(KEEP_ALIVE_MS + 1_500);
  });

  it('refuses one connection more than an address may hold with 429, and serves other addresses meanwhile', async () => {
    const held = await Promise.all(Array.from({ length: 8 }, () => open(shop.gateway.url, '127.0.25.1')));
    const extra = await open(shop.gateway.url, '127.0.25.1');
    await extra.closed;
    expect(extra.received).toMatch(/^HTTP\/1\.1 429 /);
    expect(extra.received).toContain(TOO_MANY_CONNECTIONS_MESSAGE);
    const other = await timedRequest(shop.gateway.url, '/api/orders/other', '127.0.25.2');
    expect(other.status).toBe(200);
    // Once the address's connections go, it is served again.
    for (const watched of held) watched.socket.destroy();
    await Promise.all(held.map((watched) => watched.closed));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await timedRequest(shop.gateway.url, '/api/orders/again', '127.0.25.1');
    expect(again.status).toBe(200);
  });
});
