import request from 'supertest';
import { startCatalog, type TestCatalog } from './support/catalog-app.js';

describe('catalog health and bad input', () => {
  let catalog: TestCatalog;

  beforeAll(async () => {
    catalog = await startCatalog();
  });

  afterAll(async () => {
    await catalog?.close();
  });

  it('is alive and ready once its database and NATS answer', async () => {
    await request(catalog.http).get('/health').expect(200);
    const deadline = Date.now() + 5000;
    let res = await request(catalog.http).get('/ready');
    while (res.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      res = await request(catalog.http).get('/ready');
    }
    expect(res.body).toMatchObject({ status: 'ok', checks: { database: 'ok', nats: 'ok' } });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await request(catalog.http)
      .put('/api/products/0f0f0f0f-0000-4000-8000-000000000000')
      .set(catalog.admin)
      .set('content-type', 'application/json')
      .send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON in the request body' });
  });

  it("answers a body over the route's limit (a product's 40 KB) with 413 and a message", async () => {
    const res = await request(catalog.http)
      .put('/api/products/0f0f0f0f-0000-4000-8000-000000000000')
      .set(catalog.admin)
      .send({ name: 'x', description: 'y'.repeat(41 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large (40 KB at most)' });
  });

  it('answers an unknown path with 404 and a message', async () => {
    const res = await request(catalog.http).get('/api/nothing-here').expect(404);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('publishes its OpenAPI document', async () => {
    const res = await request(catalog.http).get('/openapi.json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/top', '/api/products/{id}', '/api/products/{id}/reviews', '/api/upload']),
    );
  });
});
