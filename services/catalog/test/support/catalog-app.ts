import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import type { EventEnvelope, ProductDto, TokenClaims } from '@shop/contracts';
import { OutboxRelay } from '@shop/event-bus';
import { configureServiceApp, createServiceApp } from '@shop/service-kit';
import { deleteStream, dropDatabases, testPrefix, TestEventStream, TestTokenIssuer, TEST_DATABASE_URL, TEST_NATS_URL } from '@shop/testing';
import { AppModule } from '../../src/app.module.js';
import { loadCatalogConfig } from '../../src/config.js';

/** A catalog app built as main.ts builds it, on its own databases, stream and image folder. */
export interface TestCatalog {
  app: NestExpressApplication;
  http: Server;
  prefix: string;
  uploadDir: string;
  issuer: TestTokenIssuer;
  dataSource: DataSource;
  /** Bearer headers of an admin and of a customer. */
  admin: { Authorization: string };
  customer: { Authorization: string };
  /** A bearer header for a new customer of the given name. */
  customerToken(name?: string): Promise<{ Authorization: string; claims: TokenClaims }>;
  /** Stops it; `keepData`: leaves its databases and stream to another replica of the test. */
  close(options?: { keepData?: boolean }): Promise<void>;
}

/** Starts a catalog; with `prefix`, another replica of a catalog already started on that prefix. */
export async function startCatalog(env: Record<string, string> = {}, options: { prefix?: string } = {}): Promise<TestCatalog> {
  const prefix = options.prefix ?? testPrefix();
  const uploadDir = mkdtempSync(join(tmpdir(), 'catalog-uploads-'));
  const issuer = await TestTokenIssuer.start();
  const config = loadCatalogConfig({
    INSTANCE_PREFIX: prefix,
    DATABASE_URL: TEST_DATABASE_URL,
    NATS_URL: TEST_NATS_URL,
    LOG_LEVEL: 'warn',
    JWKS_URL: issuer.jwksUrl,
    UPLOAD_DIR: uploadDir,
    SEED_DEMO_CATALOG: 'false',
    ...env,
  });
  const app = await createServiceApp(AppModule.forRoot(config));
  configureServiceApp(app, { title: 'catalog', description: 'test' });
  try {
    await app.init();
  } catch (error) {
    // A catalog that cannot start (a test of that) leaves nothing open or behind.
    await app.close().catch(() => undefined);
    await issuer.stop();
    rmSync(uploadDir, { recursive: true, force: true });
    if (!options.prefix) {
      await dropDatabases(prefix);
      await deleteStream(prefix);
    }
    throw error;
  }
  const bearer = async (claims: TokenClaims) => ({ Authorization: `Bearer ${await issuer.sign(claims)}` });
  const customerToken = async (name = 'Casey Customer') => {
    const claims = { sub: randomUUID(), name, email: `${randomUUID()}@example.com`, isAdmin: false, sv: 1 };
    return { ...(await bearer(claims)), claims };
  };
  return {
    app,
    http: app.getHttpServer() as Server,
    prefix,
    uploadDir,
    issuer,
    dataSource: app.get(DataSource),
    admin: await bearer({ sub: randomUUID(), name: 'Ada Admin', email: 'admin@example.com', isAdmin: true, sv: 1 }),
    customer: await bearer({ sub: randomUUID(), name: 'Casey Customer', email: 'casey@example.com', isAdmin: false, sv: 1 }),
    customerToken,
    async close({ keepData = false } = {}) {
      await app.close();
      await issuer.stop();
      rmSync(uploadDir, { recursive: true, force: true });
      if (keepData) return;
      await dropDatabases(prefix);
      await deleteStream(prefix);
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** Creates a product through the API (sample, then edited) and answers it. */
export async function createProduct(catalog: TestCatalog, fields: Partial<Omit<ProductDto, '_id'>> = {}): Promise<ProductDto> {
  const created = await request(catalog.http).post('/api/products').set(catalog.admin).expect(201);
  const body = {
    name: fields.name ?? 'Test product',
    price: fields.price ?? 10,
    image: fields.image ?? '/uploads/sample.svg',
    brand: fields.brand ?? 'Test brand',
    category: fields.category ?? 'Test category',
    countInStock: fields.countInStock ?? 5,
    description: fields.description ?? 'A product made by a test.',
  };
  const updated = await request(catalog.http).put(`/api/products/${created.body._id}`).set(catalog.admin).send(body).expect(200);
  return updated.body as ProductDto;
}

/** Publishes what the outbox holds, then reads every event of the instance's stream. */
export async function publishedEvents(catalog: TestCatalog): Promise<EventEnvelope[]> {
  await catalog.app.get(OutboxRelay).flush();
  const stream = await TestEventStream.open(catalog.prefix);
  try {
    return await stream.all();
  } finally {
    await stream.close();
  }
}

export { eventsAbout } from '@shop/testing';
