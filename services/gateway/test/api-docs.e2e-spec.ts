import request from 'supertest';
import type { OpenAPIObject } from '@nestjs/swagger';
import { startShop, type TestShop } from './support/gateway.js';

const catalogDoc = {
  openapi: '3.0.0',
  info: { title: 'Catalog', version: '1.0', description: 'Products, reviews, ratings, stock and images' },
  tags: [{ name: 'products' }],
  paths: {
    '/api/products': { get: { tags: ['products'], operationId: 'listProducts', responses: { 200: { description: 'A page of products' } } } },
    '/api/products/{id}': {
      get: {
        tags: ['products'],
        responses: { 200: { description: 'A product', content: { 'application/json': { schema: { $ref: '#/components/schemas/ProductDto' } } } } },
      },
    },
  },
  components: {
    schemas: { ProductDto: { type: 'object', properties: { name: { type: 'string' } } } },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  },
};

const usersDoc = {
  openapi: '3.0.0',
  info: { title: 'Users', version: '1.0', description: 'Accounts, passwords, tokens and roles' },
  paths: {
    '/api/users/login': { post: { operationId: 'login', responses: { 200: { description: 'User info with a token' } } } },
    '/.well-known/jwks.json': { get: { responses: { 200: { description: 'Public keys' } } } },
  },
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
};

describe('gateway API docs', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startShop();
    shop.catalog.openApi = catalogDoc;
    shop.users.openApi = usersDoc;
    await shop.orders.stop();
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('merges the services’ documents into one, and says which service is missing', async () => {
    const res = await request(shop.gateway.url).get('/api/docs/openapi.json').expect(200);
    const doc = res.body as OpenAPIObject;
    expect(doc.info.title).toBe('Shop API');
    expect(Object.keys(doc.paths).sort()).toEqual([
      // The gateway's own calls, then the services' it routes.
      '/api/docs',
      '/api/docs/openapi.json',
      '/api/docs/swagger-initializer.js',
      '/api/docs/{asset}',
      '/api/health',
      '/api/products',
      '/api/products/{id}',
      '/api/users/login',
    ]);
    expect(doc.paths['/api/health'].get).toMatchObject({ tags: ['gateway'] });
    expect(doc.paths['/api/health'].get?.responses[503]).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ShopHealthResponse' } } } });
    expect(doc.paths['/api/docs/{asset}'].get?.responses[404]).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });
    expect(doc.components?.schemas?.ErrorBody).toMatchObject({ required: ['message'] });
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.contact).toEqual({ name: expect.any(String) });
    expect(doc.tags?.map((tag) => tag.name)).toEqual(['gateway', 'products', 'users']);
    expect(doc.paths['/api/products'].get).toMatchObject({ operationId: 'listProducts', tags: ['products'] });
    expect(doc.paths['/api/users/login'].post).toMatchObject({ operationId: 'login', tags: ['users'] });
    expect(doc.components?.schemas).toHaveProperty('ProductDto');
    expect(doc.components?.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
    expect(doc.info.description).toContain('Products, reviews, ratings, stock and images');
    expect(doc.info.description).toContain('Not included because the service did not answer: orders');
  });

  it('keeps the merged document a short while instead of asking the services on every request', async () => {
    const asked = shop.catalog.openApiRequests;
    await request(shop.gateway.url).get('/api/docs/openapi.json').expect(200);
    await request(shop.gateway.url).get('/api/docs/openapi.json').expect(200);
    expect(shop.catalog.openApiRequests).toBe(asked);
  });

  it('serves Swagger UI at /api/docs, with its files from the same origin', async () => {
    const page = await request(shop.gateway.url).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<div id="swagger-ui">');
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-initializer.js']);
    for (const script of scripts) {
      const res = await request(shop.gateway.url).get(script).expect(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
    }
    const initializer = await request(shop.gateway.url).get('/api/docs/swagger-initializer.js');
    expect(initializer.text).toContain("url: '/api/docs/openapi.json'");
    const css = await request(shop.gateway.url).get('/api/docs/swagger-ui.css').expect(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('serves no other file from below /api/docs', async () => {
    for (const path of ['/api/docs/package.json', '/api/docs/index.html', '/api/docs/..%2Fpackage.json']) {
      const res = await request(shop.gateway.url).get(path).expect(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
  });
});
