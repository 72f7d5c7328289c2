import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { JwtService } from '@nestjs/jwt';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import type { EventEnvelope, OrderDto, UserInfoDto } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { configureServiceApp, createServiceApp } from '@shop/service-kit';
import { deleteStream, dropDatabases, testPrefix, TestEventStream, TEST_DATABASE_URL, TEST_NATS_URL } from '@shop/testing';
import { AppModule } from '../../src/app.module.js';
import { loadUsersConfig } from '../../src/config.js';

/** The admin account every test app is seeded with. */
export const ADMIN = { email: 'admin@example.com', password: 'admin12345' } as const;

export type Bearer = { Authorization: string };

export const bearer = (token: string): Bearer => ({ Authorization: `Bearer ${token}` });

const tokens = new JwtService();

/** A token's header and claims as they are written, not verified. */
export function decodedToken(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const { header, payload } = tokens.decode<Record<string, unknown>>(token, { complete: true });
  return { header: { ...header }, payload };
}

/**
 * A stand-in of the orders service's GET /api/orders/mine: answers the orders
 * set for a bearer header (none by default) and records the headers it saw.
 */
export class StubOrders {
  readonly seen: { authorization?: string; requestId?: string }[] = [];
  private readonly orders = new Map<string, OrderDto[]>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<StubOrders> {
    const server = createServer();
    const stub: StubOrders = new StubOrders(server);
    server.on('request', (req, res) => {
      const authorization = req.headers.authorization;
      stub.seen.push({ authorization, requestId: req.headers['x-request-id'] as string | undefined });
      if (req.url !== '/api/orders/mine') return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stub.orders.get(authorization ?? '') ?? []));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return stub;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  set(auth: Bearer, orders: OrderDto[]): void {
    this.orders.set(auth.Authorization, orders);
  }

  async stop(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A users app built as main.ts builds it, on its own database and stream. */
export interface TestUsers {
  app: NestExpressApplication;
  http: Server;
  prefix: string;
  dataSource: DataSource;
  /** The orders service the profile asks for the user's orders. */
  orders: StubOrders;
  /** Stops the app; drops its database and stream unless `keepData` (to start it again on them). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

/** Starts the users service on a fresh instance prefix, or on `prefix` to reuse what an earlier app left. */
export async function startUsers(options: { prefix?: string; env?: Record<string, string> } = {}): Promise<TestUsers> {
  const prefix = options.prefix ?? testPrefix();
  const orders = await StubOrders.start();
  const config = loadUsersConfig({
    ORDERS_URL: orders.url,
    INSTANCE_PREFIX: prefix,
    DATABASE_URL: TEST_DATABASE_URL,
    NATS_URL: TEST_NATS_URL,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Tests sign many accounts up from one address; the sign-up limit has its own test.
    SIGN_UP_MAX_PER_ADDRESS: '100000',
    ...options.env,
  });
  const app = await createServiceApp(AppModule.forRoot(config));
  configureServiceApp(app, { title: 'users', description: 'test' });
  try {
    await app.init();
  } catch (error) {
    await app.close().catch(() => undefined);
    await orders.stop();
    throw error;
  }
  return {
    app,
    http: app.getHttpServer() as Server,
    prefix,
    dataSource: app.get(DataSource),
    orders,
    async close({ keepData = false } = {}) {
      await app.close();
      await orders.stop();
      if (keepData) return;
      await dropDatabases(prefix);
      await deleteStream(prefix);
    },
  };
}

let lastAddress = 0;

/**
 * A client address of its own (sent as X-Forwarded-For, which the app trusts
 * from loopback), so that one test's failed sign-ins never throttle another's.
 */
export function newClientAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

/** POST /api/users/login from the given client address. */
export function login(users: TestUsers, email: string, password: string, address = newClientAddress()) {
  return request(users.http).post('/api/users/login').set('X-Forwarded-For', address).send({ email, password });
}

/** Signs the seeded admin in; answers their info and bearer header. */
export async function signInAdmin(users: TestUsers): Promise<{ info: UserInfoDto; auth: Bearer }> {
  const res = await login(users, ADMIN.email, ADMIN.password).expect(200);
  return { info: res.body as UserInfoDto, auth: bearer((res.body as UserInfoDto).token) };
}

/** A new customer, registered through the API. */
export interface TestCustomer {
  info: UserInfoDto;
  auth: Bearer;
  email: string;
  password: string;
}

export async function registerCustomer(users: TestUsers, fields: { name?: string; email?: string; password?: string } = {}): Promise<TestCustomer> {
  const body = {
    name: fields.name ?? 'Casey Customer',
    email: fields.email ?? `casey-${randomUUID()}@example.com`,
    password: fields.password ?? 'casey-secret-1',
  };
  const res = await request(users.http).post('/api/users').send(body).expect(201);
  const info = res.body as UserInfoDto;
  return { info, auth: bearer(info.token), email: info.email, password: body.password };
}

/** How many accounts the users database holds. */
export async function countUsers(users: TestUsers): Promise<number> {
  const [{ count }] = await users.dataSource.query<{ count: number }[]>('SELECT count(*)::int AS count FROM app_user');
  return count;
}

/** The stored password hash of the account with this email. */
export async function passwordHashOf(users: TestUsers, email: string): Promise<string> {
  const [row] = await users.dataSource.query<{ password_hash: string }[]>('SELECT password_hash FROM app_user WHERE email = $1', [email]);
  return row.password_hash;
}

/** The argon2 variant, version and parameters written in a PHC-format hash (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
export function hashParametersOf(passwordHash: string): { type: string; version: number; m: number; t: number; p: number } {
  const [, type, version, parameters] = passwordHash.split('$');
  const values = Object.fromEntries(parameters.split(',').map((pair) => pair.split('=') as [string, string]));
  return { type, version: Number(version.replace('v=', '')), m: Number(values.m), t: Number(values.t), p: Number(values.p) };
}

/** Publishes what the outbox holds, then reads every event of the instance's stream. */
export async function publishedEvents(users: TestUsers): Promise<EventEnvelope[]> {
  await users.app.get(OutboxRelay).flush();
  const stream = await TestEventStream.open(users.prefix);
  try {
    return await stream.all();
  } finally {
    await stream.close();
  }
}

export { eventsAbout } from '@shop/testing';

/** The keys of an answer, sorted: a response shape to compare. */
export const keysOf = (body: object): string[] => Object.keys(body).sort();

export const USER_KEYS = ['_id', 'email', 'isAdmin', 'name'];
export const USER_INFO_KEYS = ['_id', 'email', 'isAdmin', 'name', 'token'];
export const PROFILE_KEYS = ['_id', 'email', 'isAdmin', 'name', 'orderList'];

/** Whether any text of an answer mentions a password or its hash. */
export const mentionsPassword = (body: unknown): boolean => /password|argon2/i.test(JSON.stringify(body));
