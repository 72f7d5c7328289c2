import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, createServiceApp } from '@shop/service-kit';
import { dropDatabases, deleteStream, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL } from '@shop/testing';
import { AppModule } from '../src/app.module.js';
import { loadCatalogConfig } from '../src/config.js';

describe('catalog health', () => {
  const prefix = testPrefix();
  let app: NestExpressApplication;

  beforeAll(async () => {
    const config = loadCatalogConfig({ INSTANCE_PREFIX: prefix, DATABASE_URL: TEST_DATABASE_URL, NATS_URL: TEST_NATS_URL, LOG_LEVEL: 'warn' });
    app = await createServiceApp(AppModule.forRoot(config));
    configureServiceApp(app, { title: 't', description: 't' });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await dropDatabases(prefix);
    await deleteStream(prefix);
  });

  it('is alive and ready', async () => {
    await request(app.getHttpServer()).get('/health').expect(200);
    const deadline = Date.now() + 5000;
    let res = await request(app.getHttpServer()).get('/ready');
    while (res.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      res = await request(app.getHttpServer()).get('/ready');
    }
    expect(res.body).toMatchObject({ status: 'ok', checks: { database: 'ok', nats: 'ok' } });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await request(app.getHttpServer()).post('/nothing').set('content-type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON in the request body' });
  });
});
