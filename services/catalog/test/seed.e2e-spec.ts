import request from 'supertest';
import { imageSourcesOf, PRODUCTS_PAGE_SIZE, Subjects, type ProductDetailDto, type ProductDto, type ProductListDto } from '@shop/contracts';
import { DemoCatalogSeeder } from '../src/seed/demo-catalog.seeder.js';
import { DEMO_PRODUCTS } from '../src/seed/demo-catalog.js';
import { publishedEvents, startCatalog, type TestCatalog } from './support/catalog-app.js';

describe('the demo catalog', () => {
  let catalog: TestCatalog;
  let all: ProductDto[];

  beforeAll(async () => {
    catalog = await startCatalog({ SEED_DEMO_CATALOG: 'true' });
    const first = (await request(catalog.http).get('/api/products').expect(200)).body as ProductListDto;
    const second = (await request(catalog.http).get('/api/products?pageNumber=2').expect(200)).body as ProductListDto;
    all = [...first.products, ...second.products];
  });

  afterAll(async () => {
    await catalog?.close();
  });

  it('fills an empty catalog with at least 12 products on 2 pages of the home list', async () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(12);
    const first = (await request(catalog.http).get('/api/products').expect(200)).body as ProductListDto;
    expect(first).toMatchObject({ page: 1, pages: 2 });
    expect(first.products).toHaveLength(PRODUCTS_PAGE_SIZE);
    expect(all.map((p) => p.name)).toEqual(DEMO_PRODUCTS.map((p) => p.name));
  });

  it('spans several brands and categories, with reviews on most products', async () => {
    expect(new Set(all.map((p) => p.brand)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((p) => p.category)).size).toBeGreaterThanOrEqual(5);
    const reviewed = all.filter((p) => p.numReviews > 0);
    expect(reviewed.length).toBeGreaterThan(all.length / 2);
    const detail = (await request(catalog.http).get(`/api/products/${reviewed[0]._id}`).expect(200)).body as ProductDetailDto;
    expect(detail.reviews).toHaveLength(reviewed[0].numReviews);
    const average = detail.reviews.reduce((sum, r) => sum + r.rating, 0) / detail.reviews.length;
    expect(detail.rating).toBeCloseTo(average, 10);
  });

  it('gives every product its own picture, in WebP with AVIF and WebP copies, and keeps the drawings', async () => {
    expect(new Set(all.map((p) => p.image)).size).toBe(all.length);
    for (const product of all) {
      expect(product.image).toMatch(/^\/uploads\/[a-z-]+\.webp$/);
      const res = await request(catalog.http).get(product.image).expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      for (const source of imageSourcesOf(product.image)) {
        const copy = source.srcSet.split(', ')[0].split(' ')[0];
        expect((await request(catalog.http).get(copy).expect(200)).headers['content-type']).toBe(source.type);
      }
      // Catalogs seeded before the raster pictures show the drawings: still there.
      const drawing = product.image.replace(/\.webp$/, '.svg');
      expect((await request(catalog.http).get(drawing).expect(200)).headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });

  it('fills the top products carousel', async () => {
    const top = (await request(catalog.http).get('/api/products/top').expect(200)).body as ProductDto[];
    expect(top).toHaveLength(3);
    expect(top[0].rating).toBeGreaterThanOrEqual(top[2].rating);
  });

  it('tells the other services of every seeded product', async () => {
    const events = await publishedEvents(catalog);
    const created = events.filter((event) => event.subject === Subjects.ProductCreated).map((event) => (event.data as { id: string }).id);
    expect(created.sort()).toEqual(all.map((p) => p._id).sort());
  });

  it('never seeds a catalog that has products, even when asked twice at once', async () => {
    const seeder = catalog.app.get(DemoCatalogSeeder);
    expect(await Promise.all([seeder.seed(new Map()), seeder.seed(new Map())])).toEqual([0, 0]);
    const list = (await request(catalog.http).get('/api/products').expect(200)).body as ProductListDto;
    expect(list.pages).toBe(2);
  });
});
