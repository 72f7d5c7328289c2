import { request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Body, Controller, Get, Module, Post, Put } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Type } from 'class-transformer';
import { IsNumber, IsObject, IsOptional, IsString, IsUUID, Matches, ValidateNested } from 'class-validator';
import request from 'supertest';
import { configureServiceApp, createServiceApp } from '../src/app.js';
import { BodyLimit, DEFAULT_BODY_LIMIT } from '../src/body-limits.js';
import { SERVICE_CONFIG } from '../src/config.js';
import { MAX_VALIDATION_MESSAGE_LENGTH, MAX_VALIDATION_MESSAGES } from '../src/errors.js';
import { MAX_JSON_DEPTH } from '../src/input-safety.js';
import { MAX_VALIDATED_ENTRIES, TOO_MANY_ENTRIES } from '../src/known-fields.js';
import { loggingModule } from '../src/logging.js';
import { MAX_HEADER_SIZE, SERVER_TIMEOUTS } from '../src/server-limits.js';
import { IsText, IsWholeNumber } from '../src/validators.js';

/*
 * DTOs shaped like the services' (sign-in, a product, an order of nested lines) behind routes with
 * their own body limits, in an app configured as every service is.
 */

class SignInBody {
  @IsText(254) email: string;
  @IsText(128) password: string;
}

const IMAGE = /^(?:\/(?!\/)\S*|https?:\/\/[^\s/]\S*)$/i;

class ProductBody {
  @IsText(200) name: string;
  @IsText(500) @Matches(IMAGE, { message: 'image must be a path or an http(s) URL' }) image: string;
  @IsText(5000, { allowEmpty: true }) description: string;
  @IsWholeNumber(0, 1_000_000) countInStock: number;
}

class LineBody {
  @IsUUID(undefined, { message: 'product must be a product id (a UUID)' }) product: string;
  @IsWholeNumber(1, 100) quantity: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsNumber() price?: number;
}

class AddressBody {
  @IsText(200) city: string;
}

class OrderBody {
  @ValidateNested({ each: true }) @Type(() => LineBody) orderItems: LineBody[];
  @IsObject() @ValidateNested() @Type(() => AddressBody) shippingAddress: AddressBody;
}

class EmptyBody {}

const LIMITS = { signIn: 4 * 1024, product: 32 * 1024, order: 128 * 1024, payment: 64 * 1024 };

@Controller('api')
class ShapesController {
  @Post('login')
  @BodyLimit('4kb')
  login(@Body() _body: SignInBody) {
    return { ok: true };
  }

  @Put('products')
  @BodyLimit('32kb')
  product(@Body() _body: ProductBody) {
    return { ok: true };
  }

  @Post('orders')
  @BodyLimit('128kb')
  order(@Body() _body: OrderBody) {
    return { ok: true };
  }

  /** A body taken whole (as orders' pay_status takes PayPal's answer): an interface type, no DTO. */
  @Put('payments')
  @BodyLimit('64kb')
  payment(@Body() body: Record<string, unknown>) {
    return { keys: Object.keys(body).length };
  }

  @Post('empty')
  empty(@Body() _body: EmptyBody) {
    return { ok: true };
  }

  @Get('ping')
  ping() {
    return { ok: true };
  }
}

@Module({
  imports: [loggingModule('test', 'silent')],
  controllers: [ShapesController],
  providers: [{ provide: SERVICE_CONFIG, useValue: { TRUST_PROXY: ['loopback'] } }],
})
class ShapesModule {}

/** A body of exactly `size` bytes: `{"<key>":"xxx…"}` padded with a string. */
const paddedTo = (size: number, key = 'k') => {
  const shell = `{"${key}":""}`;
  return `{"${key}":"${'x'.repeat(size - shell.length)}"}`;
};

/** `{"a0":0,"a1":0,…}` as large as fits in `size` bytes. */
function manyKeys(size: number, key: (n: number) => string = (n) => `a${n}`): string {
  const parts: string[] = [];
  let length = 2;
  for (let n = 0; ; n++) {
    const part = `"${key(n)}":0`;
    if (length + part.length + 1 > size) break;
    parts.push(part);
    length += part.length + 1;
  }
  return `{${parts.join(',')}}`;
}

/** `[item,item,…]` as long as fits in `size - overhead` bytes. */
const manyItems = (size: number, item: string) => `[${Array.from({ length: Math.floor(size / (item.length + 1)) }, () => item).join(',')}]`;

describe('body limits, unknown fields and the cost of validation', () => {
  let app: NestExpressApplication;
  let http: Server;

  beforeAll(async () => {
    app = await createServiceApp(ShapesModule);
    configureServiceApp(app, { title: 'shapes', description: 'test' }, { server: { headersTimeoutMs: 1_000, checkIntervalMs: 200 } });
    await app.listen(0, '127.0.0.1');
    http = app.getHttpServer() as Server;
  });

  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body: string, method: 'post' | 'put' = 'post') =>
    request(http)[method](path).set('content-type', 'application/json').send(body);

  /** Sends `body` and answers its status, message and time in ms. */
  async function timed(method: 'post' | 'put', path: string, body: string) {
    const started = process.hrtime.bigint();
    const res = await post(path, body, method);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    return { status: res.status, message: (res.body as { message?: string }).message ?? '', ms };
  }

  it('answers a body over the route limit with 413 and the limit, and takes one at the limit', async () => {
    expect((await post('/api/login', paddedTo(LIMITS.signIn + 1, 'email')).expect(413)).body).toEqual({ message: 'Request body is too large (4 KB at most)' });
    expect((await post('/api/login', paddedTo(LIMITS.signIn, 'email')).expect(400)).body.message).toMatch(/^email must be/);
    expect((await post('/api/payments', paddedTo(LIMITS.payment + 1), 'put').expect(413)).body).toEqual({ message: 'Request body is too large (64 KB at most)' });
    expect((await post('/api/payments', paddedTo(LIMITS.payment), 'put').expect(200)).body).toEqual({ keys: 1 });
  });

  it(`gives a route that declares nothing ${DEFAULT_BODY_LIMIT / 1024} KB`, async () => {
    expect((await post('/api/empty', paddedTo(DEFAULT_BODY_LIMIT + 1)).expect(413)).body).toEqual({ message: 'Request body is too large (16 KB at most)' });
    expect((await post('/api/empty', paddedTo(DEFAULT_BODY_LIMIT)).expect(400)).body).toEqual({ message: 'property k should not exist' });
    await post('/api/empty', '').expect(201);
    await post('/api/empty', '{}').expect(201);
  });

  it('answers a 967 KB body at once with 413, before it has all arrived', async () => {
    const { port } = http.address() as AddressInfo;
    const body = manyKeys(967 * 1024);
    const started = Date.now();
    const answer = await new Promise<{ status: number; text: string; sentBeforeAnswer: number }>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/api/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
      let sent = 0;
      req.on('response', (res) => {
        const sentBeforeAnswer = sent;
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, sentBeforeAnswer }));
      });
      req.on('error', reject);
      // The first 16 KB only, then nothing until the answer has come.
      req.write(body.slice(0, 16 * 1024));
      sent = 16 * 1024;
      req.once('response', () => req.end(body.slice(16 * 1024)));
    });
    process.stdout.write(`967 KB announced to a 4 KB route: ${answer.status} after ${Date.now() - started} ms, ${answer.sentBeforeAnswer} bytes sent\n`);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message: 'Request body is too large (4 KB at most)' });
    expect(answer.sentBeforeAnswer).toBe(16 * 1024);
  });

  it('stops reading a chunked body at the limit (413), and the connection serves the next request', async () => {
    const { port } = http.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/api/login', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 10; i++) req.write(`${'x'.repeat(1024)}`);
      req.end();
    });
    expect(status).toBe(413);
    await request(http).get('/api/ping').expect(200);
  });

  it('refuses the first unknown field alone, nested ones with their path, and cuts a long name short', async () => {
    const unknown4kb = manyKeys(LIMITS.signIn, (n) => `unknown${n}`);
    expect((await post('/api/login', unknown4kb).expect(400)).body).toEqual({ message: 'property unknown0 should not exist' });
    const nested = { orderItems: [{ product: '00000000-0000-4000-8000-000000000000', quantity: 1 }, { product: 'x', quantity: 1, extra: 1 }], shippingAddress: { city: 'C' } };
    expect((await post('/api/orders', JSON.stringify(nested)).expect(400)).body).toEqual({ message: 'orderItems.1.property extra should not exist' });
    const inAddress = { orderItems: [], shippingAddress: { city: 'C', street: 'S' } };
    expect((await post('/api/orders', JSON.stringify(inAddress)).expect(400)).body).toEqual({ message: 'shippingAddress.property street should not exist' });
    const longKey = 'k'.repeat(3_000);
    const res = await post('/api/login', JSON.stringify({ [longKey]: 1 })).expect(400);
    expect(res.body.message).toMatch(/^property k+… should not exist$/);
    expect(res.body.message.length).toBeLessThan(100);
    expect((await post('/api/login', '{"__proto__":{"isAdmin":true},"email":"a@b.c","password":"p"}').expect(400)).body).toEqual({ message: 'property __proto__ should not exist' });
  });

  it(`refuses a value of over ${MAX_VALIDATED_ENTRIES} fields and list items in all before validating it`, async () => {
    const line = { product: '00000000-0000-4000-8000-000000000000', quantity: 1 };
    const fits = { orderItems: Array.from({ length: 330 }, () => line), shippingAddress: { city: 'C' } };
    await post('/api/orders', JSON.stringify(fits)).expect(201);
    const over = { orderItems: Array.from({ length: 340 }, () => line), shippingAddress: { city: 'C' } };
    expect((await post('/api/orders', JSON.stringify(over)).expect(400)).body).toEqual({ message: TOO_MANY_ENTRIES });
    expect((await post('/api/login', JSON.stringify({ email: Array.from({ length: 1_001 }, () => 0), password: 'p' })).expect(400)).body).toEqual({ message: TOO_MANY_ENTRIES });
  });

  it(`lists at most ${MAX_VALIDATION_MESSAGES} messages of at most ${MAX_VALIDATION_MESSAGE_LENGTH} characters`, async () => {
    const lines = Array.from({ length: 300 }, () => ({ product: 'not-a-uuid', quantity: 0 }));
    const res = await post('/api/orders', JSON.stringify({ orderItems: lines, shippingAddress: { city: '' } })).expect(400);
    const messages = (res.body.message as string).split('; ');
    expect(messages).toHaveLength(MAX_VALIDATION_MESSAGES + 1);
    expect(messages.at(-1)).toMatch(/^and \d+ more$/);
    expect(messages.every((text) => text.length <= MAX_VALIDATION_MESSAGE_LENGTH)).toBe(true);
    expect(res.body.message.length).toBeLessThan(2_500);
  });

  it('judges the worst bodies at each route limit in time linear in their size (figures printed)', async () => {
    const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const uuid = '"00000000-0000-4000-8000-000000000000"';
    const cases: [string, 'post' | 'put', string, string][] = [];
    for (const [name, method, path, limit] of [
      ['sign-in', 'post', '/api/login', LIMITS.signIn],
      ['product', 'put', '/api/products', LIMITS.product],
      ['order', 'post', '/api/orders', LIMITS.order],
      ['payment', 'put', '/api/payments', LIMITS.payment],
    ] as const) {
      cases.push(
        [`${name}: unknown keys`, method, path, manyKeys(limit)],
        [`${name}: one known key repeated`, method, path, manyKeys(limit, () => (name === 'order' ? 'orderItems' : name === 'payment' ? 'id' : 'name'))],
        [`${name}: nested ${MAX_JSON_DEPTH} deep`, method, path, `{"${name === 'order' ? 'orderItems' : 'name'}":${deep(MAX_JSON_DEPTH - 1)}}`],
        [`${name}: one long string`, method, path, paddedTo(limit, name === 'order' ? 'orderItems' : 'name')],
        [`${name}: many array items`, method, path, `{"${name === 'order' ? 'orderItems' : 'name'}":${manyItems(limit - 40, '{}')}}`],
        [`${name}: an object of many keys in one field`, method, path, `{"${name === 'order' ? 'shippingAddress' : 'name'}":${manyKeys(limit - 40)}}`],
      );
      if (name === 'order') {
        cases.push(
          [`order: many full lines`, method, path, `{"orderItems":${manyItems(limit - 40, `{"product":${uuid},"quantity":0}`)}}`],
          [`order: many lines with unknown keys`, method, path, `{"orderItems":${manyItems(limit - 40, '{"x":1}')}}`],
          [`order: a line whose name is an object of many keys`, method, path, `{"orderItems":[{"product":${uuid},"quantity":1,"name":${manyKeys(limit - 100)}}]}`],
          [`order: 999 lines`, method, path, `{"orderItems":${manyItems(999 * 48, `{"product":${uuid},"quantity":0}`)}}`],
        );
      }
    }
    const figures: string[] = [];
    let slowest = 0;
    for (const [what, method, path, body] of cases) {
      const answer = await timed(method, path, body);
      slowest = Math.max(slowest, answer.ms);
      figures.push(`${what} (${(Buffer.byteLength(body) / 1024).toFixed(1)} KB): ${answer.status} in ${answer.ms.toFixed(1)} ms`);
      // Every worst case is refused with a 4xx; the payment route takes any object (as pay_status does).
      const refused = answer.status >= 400 && answer.status < 500;
      expect([what, path === '/api/payments' ? refused || answer.status === 200 : refused]).toEqual([what, true]);
      expect(answer.message.length).toBeLessThan(2_500);
    }
    process.stdout.write(`worst bodies at the route limits (over HTTP, supertest included):\n  ${figures.join('\n  ')}\n`);
    // A generous bound for a shared machine; the bench (bench/validation-cost.mjs) gives the real figures.
    expect(slowest).toBeLessThan(1_000);
  });

  it(`runs the server with its timeouts, ${MAX_HEADER_SIZE / 1024} KB of headers, Node's strict parser and a required Host`, () => {
    const server = http as Server & { connectionsCheckingInterval: number; maxHeaderSize: number; insecureHTTPParser: boolean; requireHostHeader: boolean };
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeoutMs);
    // The gateway drops an idle connection to a service after 4 s: the service must keep it longer.
    expect(server.keepAliveTimeout).toBeGreaterThan(4_000);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeoutMs);
    expect(server.headersTimeout).toBe(1_000);
    expect(server.maxHeaderSize).toBe(16 * 1024);
    expect(server.insecureHTTPParser).toBe(false);
    expect(server.requireHostHeader).toBe(true);
  });

  it('cuts a client that trickles its headers at the headers timeout, and answers others meanwhile', async () => {
    const { port } = http.address() as AddressInfo;
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /api/ping HTTP/1.1\r\nHost: shop\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
    await request(http).get('/api/ping').expect(200);
    const closedAfter = await new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    clearInterval(trickle);
    process.stdout.write(`a client trickling headers was cut after ${closedAfter} ms (headers timeout 1,000 ms, checked every 200 ms)\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(5_000);
  });

  it('refuses a request without a Host header (400)', async () => {
    const { port } = http.address() as AddressInfo;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/ping HTTP/1.1\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => undefined);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });
});
