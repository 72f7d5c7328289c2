import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource, MoreThanOrEqual } from 'typeorm';
import { Subjects, type OrderDto, type OrderStatus, type ProductChanged, type TokenClaims, type UserChanged } from '@shop/contracts';
import { NatsLink, OutboxRelay } from '@shop/event-bus';
import { configureServiceApp, createServiceApp } from '@shop/service-kit';
import {
  deleteStream,
  dropDatabases,
  eventually,
  freePort,
  testPrefix,
  TestEventStream,
  TestTokenIssuer,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
} from '@shop/testing';
import { AppModule } from '../../src/app.module.js';
import { CatalogProduct } from '../../src/catalog-copy/catalog-product.entity.js';
import { loadOrdersConfig } from '../../src/config.js';
import { Customer } from '../../src/customers/customer.entity.js';
import { PricingMemory } from '../../src/orders/placing/pricing-memory.js';

export type Bearer = { Authorization: string };

/** A signed-in user of a test: the bearer header and the claims behind it. */
export interface TestUser {
  headers: Bearer;
  claims: TokenClaims;
}

/** An orders app built as main.ts builds it, on its own database and stream, with the test playing catalog and users. */
export interface TestOrders {
  app: NestExpressApplication;
  http: Server;
  prefix: string;
  dataSource: DataSource;
  /** The instance's event stream: the test publishes catalog's and users' events on it. */
  stream: TestEventStream;
  admin: TestUser;
  /** A new customer (a new user id each call). */
  customer(name?: string): Promise<TestUser>;
  /** Publishes product.created (or `subject`) as catalog would, and waits until orders' copy has it. */
  product(fields?: Partial<ProductChanged>, options?: ProductEventOptions): Promise<ProductChanged>;
  /** Publishes user.created/updated as the users service would, and waits until orders' copy has it. */
  user(data: UserChanged, options?: { subject?: 'user.created' | 'user.updated'; occurredAt?: string }): Promise<void>;
  close(): Promise<void>;
}

export interface ProductEventOptions {
  subject?: 'product.created' | 'product.updated';
  occurredAt?: string;
  /** Do not wait for the copy (for events the copy is expected to ignore). */
  noWait?: boolean;
}

/** Starts the orders service on a fresh instance prefix. Payments go to `PAYPAL_API_BASE`, else to a port nothing listens on. */
export async function startOrders(env: Record<string, string> = {}): Promise<TestOrders> {
  const prefix = testPrefix();
  const issuer = await TestTokenIssuer.start();
  const config = loadOrdersConfig({
    INSTANCE_PREFIX: prefix,
    DATABASE_URL: TEST_DATABASE_URL,
    NATS_URL: TEST_NATS_URL,
    LOG_LEVEL: 'warn',
    JWKS_URL: issuer.jwksUrl,
    PAYPAL_API_BASE: `http://127.0.0.1:${await freePort()}`,
    PAYPAL_CLIENT_ID: 'test-client',
    PAYPAL_CLIENT_SECRET: 'test-secret',
    ...env,
  });
  const app = await createServiceApp(AppModule.forRoot(config));
  configureServiceApp(app, { title: 'orders', description: 'test' });
  await app.init();
  await app.get(NatsLink).ready();
  const stream = await TestEventStream.open(prefix);
  const dataSource = app.get(DataSource);
  const pricing = app.get(PricingMemory);

  const user = async (name: string, isAdmin: boolean): Promise<TestUser> => {
    const claims = { sub: randomUUID(), name, email: `${randomUUID()}@example.com`, isAdmin, sv: 1 };
    return { headers: { Authorization: `Bearer ${await issuer.sign(claims)}` }, claims };
  };

  return {
    app,
    http: app.getHttpServer() as Server,
    prefix,
    dataSource,
    stream,
    admin: await user('Ada Admin', true),
    customer: (name = 'Casey Customer') => user(name, false),
    async product(fields = {}, options = {}) {
      const data: ProductChanged = {
        id: randomUUID(),
        name: 'Test product',
        image: '/uploads/sample.svg',
        priceCents: 10_00,
        countInStock: 10,
        ...fields,
      };
      const { occurredAt } = await stream.publish(options.subject ?? Subjects.ProductCreated, data, { occurredAt: options.occurredAt });
      if (!options.noWait) {
        await eventually(
          () => dataSource.getRepository(CatalogProduct).findOneBy({ id: data.id, changedAt: MoreThanOrEqual(new Date(occurredAt)) }).then((row) => row ?? undefined),
          10_000,
          `product ${data.id} in orders' catalog copy`,
        );
        // Placements price from memory until the copy's announcement is heard (a notification's delivery after its commit).
        await eventually(async () => (pricing.remembers({ productId: data.id }) ? undefined : true), 10_000, `product ${data.id} forgotten by PricingMemory`);
      }
      return data;
    },
    async user(data, options = {}) {
      const { occurredAt } = await stream.publish(options.subject ?? Subjects.UserCreated, data, { occurredAt: options.occurredAt });
      await eventually(
        () => dataSource.getRepository(Customer).findOneBy({ id: data.id, changedAt: MoreThanOrEqual(new Date(occurredAt)) }).then((row) => row ?? undefined),
        10_000,
        `user ${data.id} in orders' customer copy`,
      );
      await eventually(async () => (pricing.remembers({ buyerId: data.id }) ? undefined : true), 10_000, `user ${data.id} forgotten by PricingMemory`);
    },
    async close() {
      await stream.close();
      await app.close();
      await issuer.stop();
      await dropDatabases(prefix);
      await deleteStream(prefix);
    },
  };
}

/** A valid order body for the given lines. */
export function orderBody(lines: Record<string, unknown>[], fields: Record<string, unknown> = {}) {
  return {
    orderItems: lines,
    shippingAddress: { address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'USA' },
    paymentGateway: 'PayPal',
    ...fields,
  };
}

/** Places an order through the API (201) and answers it. */
export async function placeOrder(orders: TestOrders, buyer: TestUser, lines: { product: string; quantity: number }[]): Promise<OrderDto> {
  const response = await request(orders.http).post('/api/orders').set(buyer.headers).send(orderBody(lines)).expect(201);
  return response.body as OrderDto;
}

/**
 * Reads an order through the API as the given user, expecting 200. A pending order's read waits briefly
 * for its outcome unless `prefer` says otherwise (`wait=0`: answer now).
 */
export async function readOrder(orders: TestOrders, reader: TestUser, id: string, prefer?: string): Promise<OrderDto> {
  const read = request(orders.http).get(`/api/orders/${id}`).set(reader.headers);
  return (await (prefer ? read.set('Prefer', prefer) : read).expect(200)).body as OrderDto;
}

/** Waits until the order has the given status. */
export function orderBecomes(orders: TestOrders, reader: TestUser, id: string, status: OrderStatus): Promise<OrderDto> {
  return eventually(
    async () => {
      const order = await readOrder(orders, reader, id);
      return order.status === status ? order : undefined;
    },
    10_000,
    `order ${id} to be ${status}`,
  );
}

/**
 * Plays catalog's side of the saga for one order: waits for its order.placed,
 * answers stock.reserved (or stock.rejected with `reason`), and waits until the
 * order is confirmed (or cancelled).
 */
export async function answerStock(
  orders: TestOrders,
  owner: TestUser,
  order: OrderDto,
  rejection?: { productId: string; productName: string; reason: string },
): Promise<OrderDto> {
  await orders.app.get(OutboxRelay).flush();
  await orders.stream.waitFor(Subjects.OrderPlaced, (data) => data.orderId === order._id);
  if (rejection) {
    await orders.stream.publish(Subjects.StockRejected, { orderId: order._id, ...rejection });
    return orderBecomes(orders, owner, order._id, 'cancelled');
  }
  await orders.stream.publish(Subjects.StockReserved, { orderId: order._id });
  return orderBecomes(orders, owner, order._id, 'confirmed');
}

/** A confirmed order of `owner`'s costing 110.01 (items 100.01, free shipping, tax 10.00): what the payment tests pay. */
export async function confirmedOrder(orders: TestOrders, owner: TestUser): Promise<OrderDto> {
  const product = await orders.product({ priceCents: 100_01 });
  const order = await answerStock(orders, owner, await placeOrder(orders, owner, [{ product: product.id, quantity: 1 }]));
  if (order.totalPrice !== 110.01) throw new Error(`the test order costs ${order.totalPrice}, not 110.01`);
  return order;
}
