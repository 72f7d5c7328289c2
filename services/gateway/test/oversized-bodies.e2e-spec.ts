import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Controller, Delete, Get, Module, Post, Put } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { BodyLimit, configureServiceApp, createServiceApp, DEFAULT_BODY_LIMIT, DRAIN_CEILING, loggingModule, type Replica, SERVICE_CONFIG, sizeText, tooLargeMessage, UpstreamPool } from '@shop/service-kit';
import { deleteStream, dropDatabases, parseAnswers, type RawAnswer, startUsersService, testPrefix, type UsersService } from '@shop/testing';
import type { Upstream } from '../src/upstreams.js';
import { startGateway, type TestGateway } from './support/gateway.js';

/*
 * Oversized bodies through the gateway (issue 38, section 4). A service answers a body over its route's
 * limit with 413 before reading it (service-kit's JsonBodyInterceptor), and closes its connection when
 * the body is announced over 1 MB; the gateway is then still writing the body. Every such request must
 * get the service's own 413, never a 503, and must not count against the replica that answered it: no
 * retry on another replica, no replica passed over.
 */

const KB = 1024;
const MB = 1024 * KB;

/** A route of a service that reads a JSON body, and its limit (`@BodyLimit`, else service-kit's 16 KB). */
interface LimitedRoute {
  upstream: Upstream;
  method: 'POST' | 'PUT' | 'DELETE';
  /** As the OpenAPI document writes it: `/api/users/{id}`. */
  path: string;
  limit: number;
}

/**
 * Every route of the services (the storefront server's API among them) that reads a body, with its limit, as the services' OpenAPI documents
 * say (checked below against the built services' `openapi` command). `POST /api/upload` is multipart,
 * read by multer with its own 5 MB limit: the JSON limit does not apply to it.
 */
const LIMITED_ROUTES: readonly LimitedRoute[] = [
  { upstream: 'users', method: 'POST', path: '/api/users/login', limit: 4 * KB },
  { upstream: 'users', method: 'POST', path: '/api/users', limit: 4 * KB },
  { upstream: 'users', method: 'PUT', path: '/api/users/profile', limit: 4 * KB },
  { upstream: 'users', method: 'PUT', path: '/api/users/{id}', limit: 4 * KB },
  { upstream: 'users', method: 'DELETE', path: '/api/users/{id}', limit: DEFAULT_BODY_LIMIT },
  { upstream: 'users', method: 'POST', path: '/api/users/logout', limit: DEFAULT_BODY_LIMIT },
  { upstream: 'users', method: 'POST', path: '/api/users/password-reset', limit: 4 * KB },
  { upstream: 'users', method: 'POST', path: '/api/users/password-reset/confirm', limit: 4 * KB },
  { upstream: 'catalog', method: 'POST', path: '/api/products', limit: 1 * KB },
  { upstream: 'catalog', method: 'PUT', path: '/api/products/{id}', limit: 40 * KB },
  { upstream: 'catalog', method: 'DELETE', path: '/api/products/delete/{id}', limit: DEFAULT_BODY_LIMIT },
  { upstream: 'catalog', method: 'PUT', path: '/api/products/{id}/reviews', limit: 16 * KB },
  { upstream: 'orders', method: 'POST', path: '/api/orders', limit: 128 * KB },
  { upstream: 'orders', method: 'PUT', path: '/api/orders/{id}/pay_status', limit: 64 * KB },
  { upstream: 'orders', method: 'POST', path: '/api/orders/{id}/paypal', limit: DEFAULT_BODY_LIMIT },
  { upstream: 'orders', method: 'PUT', path: '/api/orders/{id}/delivery_status', limit: 1 * KB },
  { upstream: 'orders', method: 'PUT', path: '/api/orders/{id}/cancel', limit: 1 * KB },
  { upstream: 'orders', method: 'PUT', path: '/api/orders/{id}/refund', limit: 1 * KB },
  { upstream: 'storefront', method: 'POST', path: '/api/page-reports', limit: 8 * KB },
  { upstream: 'storefront', method: 'POST', path: '/api/releases/{remote}/promote', limit: 1 * KB },
  { upstream: 'storefront', method: 'POST', path: '/api/releases/{remote}/rollback', limit: 1 * KB },
];

const SIZES = [64 * KB, 1 * MB, 2 * MB, 8 * MB, 20 * MB];

/** How a client sends its body, and whether it keeps its connection for the next request. */
interface Mode {
  chunked: boolean;
  keepAlive: boolean;
}

const MODES: readonly Mode[] = [
  { chunked: false, keepAlive: true },
  { chunked: false, keepAlive: false },
  { chunked: true, keepAlive: true },
  { chunked: true, keepAlive: false },
];

const modeText = (mode: Mode) => `${mode.chunked ? 'chunked' : 'Content-Length'}, ${mode.keepAlive ? 'keep-alive' : 'Connection: close'}`;

const UPSTREAMS: readonly Upstream[] = ['catalog', 'users', 'orders', 'storefront'];
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const targetOf = (path: string) => path.replace('{id}', ID);

/** The request after an oversized one, on each service: answered 200 by the stand-ins. */
const NEXT_PATH: Record<Upstream, string> = { users: '/api/users/next', catalog: '/api/products/next', orders: '/api/orders/next', storefront: '/api/releases/next' };

/** A JSON body of exactly `size` bytes, `{"email":"aaa…"}`; one per size, reused. */
const bodies = new Map<number, Buffer>();
function bodyOf(size: number): Buffer {
  let body = bodies.get(size);
  if (!body) {
    body = Buffer.alloc(size, 'a');
    body.write('{"email":"', 0, 'latin1');
    body.write('"}', size - 2, 'latin1');
    bodies.set(size, body);
  }
  return body;
}

/** A stand-in replica of a service (startStandIn). */
interface StandIn {
  name: string;
  url: string;
  /** The `n` query of each API request received, in order. */
  received: number[];
  close(): Promise<void>;
}

const nestPathOf = (path: string) => path.slice(1).replace(/\{(\w+)\}/g, ':$1');

/** A controller declaring `routes` with their limits: the route table, as Nest decorators applied to one handler each. */
function limitedRoutesController(routes: readonly LimitedRoute[]): new () => object {
  class LimitedRoutes {}
  const verbs = { POST: Post, PUT: Put, DELETE: Delete };
  routes.forEach((route, i) => {
    const key = `route${i}`;
    // Never reached with these bodies: every one is over the limit.
    Object.defineProperty(LimitedRoutes.prototype, key, { value: () => ({ taken: true }), writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(LimitedRoutes.prototype, key) as PropertyDescriptor;
    verbs[route.method](nestPathOf(route.path))(LimitedRoutes.prototype, key, descriptor);
    BodyLimit(route.limit)(LimitedRoutes.prototype, key, descriptor);
  });
  Controller()(LimitedRoutes);
  return LimitedRoutes;
}

/** What the gateway's probes and the test's next requests ask of a stand-in. */
@Controller()
class ProbeRoutes {
  @Get('ready')
  ready() {
    return { status: 'ok' };
  }

  @Get('api/:area/next')
  next() {
    return { next: true };
  }
}

/**
 * A stand-in for one replica of a service: a Nest app configured by service-kit exactly as every
 * service is (`configureServiceApp`: each route's body read by `JsonBodyInterceptor` with its
 * `@BodyLimit`, 413 before a byte of an announced oversized body is read, the connection closed with
 * the answer when it is announced over 1 MB), declaring that service's body-limited routes without
 * their guards or handlers. It records the `n` of every API request it receives.
 */
async function startStandIn(name: string, upstream: Upstream): Promise<StandIn> {
  class StandInModule {}
  Module({
    imports: [loggingModule(name, 'silent')],
    controllers: [ProbeRoutes, limitedRoutesController(LIMITED_ROUTES.filter((route) => route.upstream === upstream))],
    providers: [{ provide: SERVICE_CONFIG, useValue: { TRUST_PROXY: ['loopback'] } }],
  })(StandInModule);
  const app: NestExpressApplication = await createServiceApp(StandInModule);
  configureServiceApp(app, { title: name, description: 'stand-in' });
  const received: number[] = [];
  const http = app.getHttpServer() as Server;
  http.on('request', (req: { url?: string }) => {
    const n = new URL(req.url ?? '/', 'http://stand-in').searchParams.get('n');
    if (n !== null) received.push(Number(n));
  });
  await app.listen(0, '127.0.0.1');
  return { name, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, received, close: () => app.close() };
}

/** One connection of a client, read as raw bytes. */
class RawConnection {
  private data = Buffer.alloc(0);
  private readonly wakers = new Set<() => void>();
  /** The connection is gone (closed by either side, or broken). */
  closed = false;
  /** The gateway ended its side. */
  ended = false;
  error?: NodeJS.ErrnoException;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.data = Buffer.concat([this.data, chunk]);
      this.wake();
    });
    socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.error = error;
    });
    socket.on('drain', () => this.wake());
  }

  static open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) });
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  get answers(): RawAnswer[] {
    return parseAnswers(this.data).answers;
  }

  /** Writes `bytes`, waiting while the gateway reads slower; false once the connection can take nothing more. */
  async write(bytes: Buffer | string): Promise<boolean> {
    if (this.closed || this.socket.destroyed) return false;
    if (this.socket.write(bytes)) return true;
    await this.until(() => this.closed || !this.socket.writableNeedDrain, 10_000, 'the gateway to read more of the body');
    return !this.closed;
  }

  until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.wakers.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.wakers.delete(check);
        resolve();
      };
      this.wakers.add(check);
    });
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const check of [...this.wakers]) check();
  }
}

/** What a client saw of one oversized request and the request after it. */
interface Outcome {
  answer?: RawAnswer;
  /** The client's socket error, if any (no answer and EPIPE: the gateway reset the connection under it). */
  error?: string;
  /** The gateway closed (or ended its side of) the connection after the answer. */
  closed: boolean;
  /** A keep-alive client's next request: its status, and whether it went on the same connection. */
  next?: { status: number; sameConnection: boolean };
}

/**
 * Sends `size` bytes of JSON to `route` as `mode` says, the whole body whatever the gateway answers
 * meanwhile (as a client that writes before it reads), then reads the answer; a keep-alive client
 * then sends its next request: on the same connection if the gateway kept it, else on a new one.
 */
async function sendOversized(gatewayUrl: string, method: string, path: string, size: number, mode: Mode, n: number, nextPath: string): Promise<Outcome> {
  const connection = await RawConnection.open(gatewayUrl);
  try {
    const target = `${path}${path.includes('?') ? '&' : '?'}n=${n}`;
    const framing = mode.chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${size}\r\n`;
    const head = `${method} ${target} HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n${framing}${mode.keepAlive ? '' : 'Connection: close\r\n'}\r\n`;
    const body = bodyOf(size);
    let sending = await connection.write(head);
    for (let at = 0; sending && at < size; at += 64 * KB) {
      const piece = body.subarray(at, Math.min(size, at + 64 * KB));
      sending = await connection.write(mode.chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
    }
    if (sending && mode.chunked) await connection.write('0\r\n\r\n');
    await connection.until(() => connection.answers.length > 0 || connection.closed, 10_000, 'the answer').catch(() => undefined);
    const answer = connection.answers[0];
    const outcome: Outcome = { answer, closed: connection.closed, error: connection.error ? `${connection.error.code ?? connection.error.message}` : undefined };
    if (!answer) return outcome;
    if (answer.headers.connection?.toLowerCase() === 'close' || !mode.keepAlive) {
      // The gateway said it closes: it must, once it has read what it will of the body.
      await connection.until(() => connection.closed || connection.ended, 10_000, 'the gateway to close').catch(() => undefined);
      outcome.closed = connection.closed || connection.ended;
      if (!mode.keepAlive) return outcome;
      const fresh = await RawConnection.open(gatewayUrl);
      try {
        await fresh.write(`GET ${nextPath}?n=${n + 1} HTTP/1.1\r\nHost: shop.test\r\n\r\n`);
        await fresh.until(() => fresh.answers.length > 0 || fresh.closed, 10_000, 'the next answer').catch(() => undefined);
        outcome.next = { status: fresh.answers[0]?.status ?? 0, sameConnection: false };
      } finally {
        fresh.destroy();
      }
      return outcome;
    }
    // The gateway kept the connection: the next request goes on it, after the whole body.
    await connection.write(`GET ${nextPath}?n=${n + 1} HTTP/1.1\r\nHost: shop.test\r\n\r\n`);
    await connection.until(() => connection.answers.length > 1 || connection.closed, 10_000, 'the next answer').catch(() => undefined);
    outcome.next = { status: connection.answers[1]?.status ?? 0, sameConnection: true };
    return outcome;
  } finally {
    connection.destroy();
  }
}

/**
 * What was wrong with an outcome, or nothing: the service's 413 with its message and headers; then the
 * client's connection as docs/gateway.md says: a body announced up to 1 MB is read to its end and the
 * connection kept (the next request goes on it); a larger or chunked one not read whole when the answer
 * came closes the connection after the answer (`Connection: close`, the next request on a new one), once
 * the gateway has read what the client still sends of it.
 */
function problemsOf(outcome: Outcome, limit: number, size: number, mode: Mode, nextStatus: number): string[] {
  const { answer } = outcome;
  if (!answer) return [`no answer (${outcome.error ?? 'connection closed'})`];
  const problems: string[] = [];
  let message: unknown;
  try {
    message = (JSON.parse(answer.body.toString()) as { message?: unknown }).message;
  } catch {
    message = answer.body.toString().slice(0, 100);
  }
  if (answer.status !== 413) return [`${answer.status} ${String(message)}`];
  if (message !== tooLargeMessage(limit)) problems.push(`413 with another message: ${String(message)}`);
  if (answer.headers['content-type'] !== 'application/json; charset=utf-8') problems.push(`content-type ${answer.headers['content-type']}`);
  // Express's ETag of the service's own body: the answer is the one the service sent.
  if (!answer.headers.etag) problems.push('no ETag: not the answer the service sent');
  if (!answer.headers['x-request-id']) problems.push('no request id');
  const saysClose = answer.headers.connection?.toLowerCase() === 'close';
  if (saysClose && !outcome.closed) problems.push('said Connection: close and kept the connection');
  if (!mode.keepAlive && !saysClose) problems.push('no Connection: close to a Connection: close request');
  // (A larger body may have been read whole before the answer came: then nothing is left to read, and the connection is kept.)
  if (mode.keepAlive && !mode.chunked && saysClose && size <= DRAIN_CEILING) problems.push('closed the connection after a body of 1 MB at most');
  if (mode.keepAlive && outcome.next?.status !== nextStatus) problems.push(`next request: ${outcome.next?.status ?? 'not sent'}`);
  if (mode.keepAlive && outcome.next && outcome.next.sameConnection === saysClose) problems.push('next request not where it belonged');
  return problems;
}

/** Counts every replica the gateway marks failed (passes over), by URL. */
function watchFailures(pool: UpstreamPool): string[] {
  const marked: string[] = [];
  const failed = pool.failed.bind(pool);
  pool.failed = (replica: Replica) => {
    marked.push(replica.url);
    failed(replica);
  };
  return marked;
}

/**
 * Which `n`s a replica of two, taking every other request (round robin, nothing passed over, nothing
 * retried), receives of `sent`: those of one parity, each once.
 */
function takesEveryOther(received: readonly number[], sent: readonly number[]): boolean {
  const sorted = [...received].sort((a, b) => a - b);
  if (sorted.length === 0) return false;
  const parity = sent.indexOf(sorted[0]) % 2;
  const expected = sent.filter((_, i) => i % 2 === parity);
  return JSON.stringify(sorted) === JSON.stringify(expected);
}

describe('oversized bodies through the gateway: always the service’s 413 (issue 38)', () => {
  const replicas = new Map<Upstream, [StandIn, StandIn]>();
  let gateway: TestGateway;
  let pool: UpstreamPool;
  let marked: string[];
  /** Every `n` sent to each service in the test, in order (oversized requests and the requests after them). */
  const sent = new Map<Upstream, number[]>();
  let counter = 0;

  beforeAll(async () => {
    for (const upstream of UPSTREAMS) {
      replicas.set(upstream, [await startStandIn(`${upstream}-1`, upstream), await startStandIn(`${upstream}-2`, upstream)]);
    }
    const urls = (upstream: Upstream) => (replicas.get(upstream) ?? []).map((replica) => replica.url).join(',');
    gateway = await startGateway({
      CATALOG_URL: urls('catalog'),
      USERS_URL: urls('users'),
      ORDERS_URL: urls('orders'),
      STOREFRONT_URL: urls('storefront'),
      API_CACHE_MS: '0',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    pool = gateway.app.get(UpstreamPool);
    marked = watchFailures(pool);
  });

  beforeEach(() => {
    marked.length = 0;
    for (const upstream of UPSTREAMS) {
      sent.set(upstream, []);
      for (const replica of replicas.get(upstream) ?? []) replica.received.length = 0;
    }
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([...replicas.values()].flat().map((replica) => replica.close()));
  });

  /** Sends one oversized body to `route` and returns what was wrong with the outcome, labelled. */
  async function oversized(route: LimitedRoute, size: number, mode: Mode): Promise<string[]> {
    const n = counter;
    counter += 2;
    const outcome = await sendOversized(gateway.url, route.method, targetOf(route.path), size, mode, n, NEXT_PATH[route.upstream]);
    sent.get(route.upstream)?.push(n, ...(outcome.next ? [n + 1] : []));
    return problemsOf(outcome, route.limit, size, mode, 200).map((problem) => `${route.method} ${route.path} ${sizeText(size)} (${modeText(mode)}): ${problem}`);
  }

  /**
   * Nothing of the test counted against a replica: none marked failed (passed over), each request on
   * exactly one replica (none retried on the other), the two replicas of each service taking turns.
   */
  function expectReplicasUntouched(): void {
    expect(marked).toEqual([]);
    for (const upstream of UPSTREAMS) {
      const [one, two] = replicas.get(upstream) as [StandIn, StandIn];
      const all = sent.get(upstream) ?? [];
      if (all.length === 0) continue;
      expect([...one.received, ...two.received].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
      expect({ [one.name]: takesEveryOther(one.received, all), [two.name]: takesEveryOther(two.received, all) }).toEqual({ [one.name]: true, [two.name]: true });
    }
    for (const replica of UPSTREAMS.flatMap((upstream) => pool.all(upstream))) {
      expect({ url: replica.url, ready: replica.ready, downUntil: replica.downUntil }).toEqual({ url: replica.url, ready: true, downUntil: 0 });
    }
  }

  it('answers the 2 MB sign-in of the issue with the service’s 413, 20 times in each way of sending, none counted against the replica', async () => {
    const login = LIMITED_ROUTES[0];
    const problems: string[] = [];
    for (const mode of MODES) for (let i = 0; i < 20; i++) problems.push(...(await oversized(login, 2 * MB, mode)));
    expect(problems).toEqual([]);
    expectReplicasUntouched();
  }, 120_000);

  it('answers every body-limited route with the service’s 413, 64 KB to 20 MB, in each way of sending, none counted against the replica', async () => {
    const problems: string[] = [];
    for (const [r, route] of LIMITED_ROUTES.entries()) {
      const over = SIZES.filter((size) => size > route.limit);
      // 64 KB to 2 MB in every way; 8 MB once per route, the way turning; 20 MB on a few routes only (time).
      for (const mode of MODES) for (const size of over.filter((size) => size <= 2 * MB)) problems.push(...(await oversized(route, size, mode)));
      problems.push(...(await oversized(route, 8 * MB, MODES[r % MODES.length])));
      if (r % 6 === 0) problems.push(...(await oversized(route, 20 * MB, MODES[(r / 6) % MODES.length])));
    }
    expect(problems).toEqual([]);
    expectReplicasUntouched();
  }, 120_000);
});

/** The built services' own route tables: the same as LIMITED_ROUTES. */
describe('the body-limited routes of the services', () => {
  const repo = fileURLToPath(new URL('../../..', import.meta.url));

  function openApiOf(service: Upstream): Promise<{ paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> }; responses?: Record<string, { description?: string }> }>> }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [`${repo}services/${service}/dist/main.js`, 'openapi'], { cwd: repo, env: { ...process.env, ENV_FILE: '', LOG_LEVEL: 'silent' } });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as never) : reject(new Error(`${service} openapi exited ${code} (is it built? npx nx build @shop/${service})`))));
    });
  }

  it('are the routes the test sends to, each with its limit (the services’ OpenAPI documents)', async () => {
    const documented: LimitedRoute[] = [];
    const documents = await Promise.all(UPSTREAMS.map(openApiOf));
    for (const [i, upstream] of UPSTREAMS.entries()) {
      const document = documents[i];
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (method === 'get' || operation.requestBody?.content?.['multipart/form-data']) continue;
          const over = /The body is over (\d+) KB/.exec(operation.responses?.['413']?.description ?? '');
          documented.push({ upstream, method: method.toUpperCase() as LimitedRoute['method'], path, limit: over ? Number(over[1]) * KB : DEFAULT_BODY_LIMIT });
        }
      }
    }
    const key = (route: LimitedRoute) => `${route.method} ${route.path} ${route.limit}`;
    expect(documented.map(key).sort()).toEqual(LIMITED_ROUTES.map(key).sort());
  }, 60_000);
});

/**
 * The real users service (built, `services/users/dist/main.js`, on the test PostgreSQL and NATS) as one
 * replica of two, the other a stand-in recording what it gets: the sign-in, as the shop answers it.
 */
describe('oversized sign-ins to the real users service through the gateway', () => {
  const prefix = testPrefix();
  let users: UsersService | undefined;
  let usersUrl: string;
  let standIn: StandIn;
  let gateway: TestGateway;
  let marked: string[];

  beforeAll(async () => {
    users = await startUsersService(prefix);
    usersUrl = users.url;
    standIn = await startStandIn('users-stand-in', 'users');
    gateway = await startGateway({ USERS_URL: `${usersUrl},${standIn.url}`, API_CACHE_MS: '0', RATE_LIMIT_PER_MINUTE: '0' });
    marked = watchFailures(gateway.app.get(UpstreamPool));
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await standIn?.close();
    await users?.stop();
    await dropDatabases(prefix);
    await deleteStream(prefix);
  });

  it('answers POST /api/users/login with the users service’s 413 every time, 64 KB to 20 MB, in every way of sending, the replicas untouched', async () => {
    const sent: number[] = [];
    const problems: string[] = [];
    let n = 0;
    for (const size of SIZES) {
      for (const mode of MODES) {
        for (let i = 0; i < (size >= 8 * MB ? 1 : 3); i++) {
          // Unsigned, the request after it is answered 401 by the users service and 200 by the stand-in.
          const outcome = await sendOversized(gateway.url, 'POST', '/api/users/login', size, mode, n, NEXT_PATH.users);
          sent.push(n, ...(outcome.next ? [n + 1] : []));
          const nextStatus = standIn.received.includes(n + 1) ? 200 : 401;
          problems.push(...problemsOf(outcome, 4 * KB, size, mode, nextStatus).map((problem) => `${sizeText(size)} (${modeText(mode)}): ${problem}`));
          n += 2;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(marked).toEqual([]);
    expect(takesEveryOther(standIn.received, sent)).toBe(true);
  }, 120_000);
});
