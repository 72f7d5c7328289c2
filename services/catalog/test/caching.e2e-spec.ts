import { jest } from '@jest/globals';
import type { Server } from 'node:http';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ProductDetailDto, ProductDto, ProductListDto } from '@shop/contracts';
import { configureServiceApp, createServiceApp } from '@shop/service-kit';
import { eventually, TEST_DATABASE_URL, TEST_NATS_URL } from '@shop/testing';
import { AppModule } from '../src/app.module.js';
import { loadCatalogConfig } from '../src/config.js';
import { Product } from '../src/products/product.entity.js';
import { ProductReadCache } from '../src/products/product-read-cache.js';
import { createProduct, startCatalog, type TestCatalog } from './support/catalog-app.js';

const PUBLIC = 'public, max-age=0, s-maxage=1';
const SIGNED_IN = 'private, no-cache';

const edit = (product: ProductDto, changes: Partial<ProductDto>) => {
  const { name, price, image, brand, category, countInStock, description } = { ...product, ...changes };
  return { name, price, image, brand, category, countInStock, description };
};

describe('catalog reads: HTTP caching and the read cache', () => {
  let catalog: TestCatalog;
  /** A second replica of the same catalog (same database, same NATS), keeping reads a whole second. */
  let replica: NestExpressApplication;

  beforeAll(async () => {
    catalog = await startCatalog();
    replica = await createServiceApp(
      AppModule.forRoot(
        loadCatalogConfig({
          INSTANCE_PREFIX: catalog.prefix,
          DATABASE_URL: TEST_DATABASE_URL,
          NATS_URL: TEST_NATS_URL,
          LOG_LEVEL: 'warn',
          JWKS_URL: catalog.issuer.jwksUrl,
          UPLOAD_DIR: catalog.uploadDir,
          SEED_DEMO_CATALOG: 'false',
          PRODUCT_CACHE_MS: '1000',
        }),
      ),
    );
    configureServiceApp(replica, { title: 'catalog replica', description: 'test' });
    await replica.init();
  });

  afterAll(async () => {
    await replica?.close();
    await catalog?.close();
  });

  const get = (path: string) => request(catalog.http).get(path);
  const names = (list: ProductListDto) => list.products.map((product) => product.name);

  describe('HTTP caching', () => {
    it.each(['/api/products', '/api/products?keyword=Cache&pageNumber=1', '/api/products/top', 'detail'])(
      '%s answers with a weak ETag and Cache-Control for shared caches, and 304 to If-None-Match',
      async (path) => {
        const product = await createProduct(catalog, { name: 'Cache probe' });
        const url = path === 'detail' ? `/api/products/${product._id}` : path;
        const first = await get(url).expect(200);
        expect(first.headers['cache-control']).toBe(PUBLIC);
        expect(first.headers.etag).toMatch(/^W\/".+"$/);
        expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

        const again = await get(url).set('If-None-Match', first.headers.etag).expect(304);
        expect(again.text).toBe('');
        expect(again.headers.etag).toBe(first.headers.etag);
        expect(again.headers['cache-control']).toBe(PUBLIC);
        await get(url).set('If-None-Match', 'W/"something-else"').expect(200);
      },
    );

    it('answers a read asked with a token for the browser alone (private, no-cache), still with its validator', async () => {
      const product = await createProduct(catalog, { name: 'Signed-in probe' });
      for (const url of ['/api/products', `/api/products/${product._id}`, '/api/products/top']) {
        const res = await get(url).set(catalog.customer).expect(200);
        expect(res.headers['cache-control']).toBe(SIGNED_IN);
        await get(url).set(catalog.customer).set('If-None-Match', res.headers.etag).expect(304);
      }
    });

    it('gives a changed answer a new ETag: the old one no longer gets 304', async () => {
      const product = await createProduct(catalog, { name: 'Etag before' });
      const before = await get(`/api/products/${product._id}`).expect(200);
      await request(catalog.http).put(`/api/products/${product._id}`).set(catalog.admin).send(edit(product, { name: 'Etag after' })).expect(200);
      const after = await get(`/api/products/${product._id}`).set('If-None-Match', before.headers.etag).expect(200);
      expect(after.body.name).toBe('Etag after');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });

    it('answers malformed input 400 with a message, never a 5xx nor a 304, whatever validators come with it', async () => {
      for (const url of [
        '/api/products?pageNumber=abc',
        '/api/products?keyword[]=a',
        '/api/products?keyword[a]=b',
        `/api/products?keyword=${'k'.repeat(101)}`,
        '/api/products?keyword=a&keyword=b',
        '/api/products/not-a-uuid',
        '/api/products/%E0%A4%A',
        '/api/products/%',
      ]) {
        const res = await get(url).set('If-None-Match', '*');
        expect({ url, status: res.status }).toEqual({ url, status: 400 });
        expect(typeof res.body.message).toBe('string');
      }
      const missing = await get('/api/products/5f0c9a3e-7d2b-4c1a-9e8f-0a1b2c3d4e5f').expect(404);
      expect(missing.body).toEqual({ message: 'Product not found' });
      expect((await get('/api/products').set('If-None-Match', 'not a tag, W/')).status).toBe(200);
      // Not a valid percent-encoding: refused with a message rather than guessed at.
      expect((await get('/api/products?keyword=%ZZ').expect(400)).body).toEqual({
        message: 'Malformed URL encoding in the query string',
      });
    });
  });

  describe('the read cache', () => {
    it("shows a product edit in the list, a search and the product at once on the replica that made it", async () => {
      const product = await createProduct(catalog, { name: 'Lamp before' });
      expect(names((await get('/api/products').expect(200)).body)).toContain('Lamp before');
      expect(names((await get('/api/products?keyword=Lamp').expect(200)).body)).toContain('Lamp before');

      await request(catalog.http).put(`/api/products/${product._id}`).set(catalog.admin).send(edit(product, { name: 'Lamp after' })).expect(200);

      expect(names((await get('/api/products').expect(200)).body)).toContain('Lamp after');
      expect(names((await get('/api/products?keyword=Lamp').expect(200)).body)).toEqual(['Lamp after']);
      expect((await get(`/api/products/${product._id}`).expect(200)).body.name).toBe('Lamp after');
    });

    it('shows a new product, a deleted one and a review at once on the replica that made them', async () => {
      await get('/api/products?keyword=Lifecycle').expect(200);
      const product = await createProduct(catalog, { name: 'Lifecycle product' });
      expect(names((await get('/api/products?keyword=Lifecycle').expect(200)).body)).toEqual(['Lifecycle product']);

      await get('/api/products/top').expect(200);
      await request(catalog.http).put(`/api/products/${product._id}/reviews`).set(catalog.customer).send({ rating: 5, comment: 'Bright' }).expect(201);
      const listed = (await get('/api/products?keyword=Lifecycle').expect(200)).body as ProductListDto;
      expect(listed.products[0]).toMatchObject({ rating: 5, numReviews: 1 });
      expect(((await get('/api/products/top').expect(200)).body as ProductDto[]).map((p) => p._id)).toContain(product._id);

      await request(catalog.http).delete(`/api/products/delete/${product._id}`).set(catalog.admin).expect(200);
      expect((await get('/api/products?keyword=Lifecycle').expect(200)).body).toEqual({ products: [], page: 1, pages: 0 });
      await get(`/api/products/${product._id}`).expect(404);
    });

    it('shows a product edit made on another replica within a second (announced to it through NATS)', async () => {
      const product = await createProduct(catalog, { name: 'Replica before' });
      const onReplica = () => request(replica.getHttpServer() as Server).get('/api/products?keyword=Replica');
      expect(names((await onReplica().expect(200)).body)).toEqual(['Replica before']);
      const replicaCache = replica.get(ProductReadCache);
      expect(replicaCache.size).toBeGreaterThan(0);

      await request(catalog.http).put(`/api/products/${product._id}`).set(catalog.admin).send(edit(product, { name: 'Replica after' })).expect(200);

      // The replica keeps reads 1 s: only the announcement empties it (expired entries stay counted until read).
      await eventually(async () => (replicaCache.size === 0 ? true : undefined), 1_000, 'the replica to drop its reads');
      await eventually(
        async () => (names((await onReplica().expect(200)).body)[0] === 'Replica after' ? true : undefined),
        1_000,
        'the edit on the replica',
      );
    });

    it('shows stock taken by orders on the product at once, and in the list within a second', async () => {
      const product = await createProduct(catalog, { name: 'Stock probe', countInStock: 9 });
      const stockInList = async () => ((await get('/api/products?keyword=Stock probe').expect(200)).body as ProductListDto).products[0].countInStock;
      expect(await stockInList()).toBe(9);

      // What the order saga's reservation does to the row (the stock path announces nothing to the cache).
      await catalog.dataSource.getRepository(Product).update({ id: product._id }, { countInStock: 4, updatedAt: new Date() });

      expect(((await get(`/api/products/${product._id}`).expect(200)).body as ProductDetailDto).countInStock).toBe(4);
      await eventually(async () => ((await stockInList()) === 4 ? true : undefined), 1_000, 'the new stock in the list');
    });

    it('reads the database once for many simultaneous requests of one list page', async () => {
      await createProduct(catalog, { name: 'Coalesced product' });
      catalog.app.get(ProductReadCache).productsChanged();
      const queries = jest.spyOn(catalog.dataSource.getRepository(Product), 'query');
      try {
        const answers = await Promise.all(Array.from({ length: 25 }, () => get('/api/products?keyword=Coalesced')));
        expect(answers.every((res) => res.status === 200 && res.body.products[0]?.name === 'Coalesced product')).toBe(true);
        // One search: the tsquery of its words, then its page.
        expect(queries).toHaveBeenCalledTimes(2);
      } finally {
        queries.mockRestore();
      }
    });
  });
});
