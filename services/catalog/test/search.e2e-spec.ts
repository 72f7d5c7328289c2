import request from 'supertest';
import { PRICE_RANGES, PRODUCTS_PAGE_SIZE, type ProductFacetsDto, type ProductListDto, type ProductSuggestionsDto } from '@shop/contracts';
import { DEMO_PRODUCTS } from '../src/seed/demo-catalog.js';
import { createProduct, startCatalog, type TestCatalog } from './support/catalog-app.js';

/** Search over the demo catalog (docs/catalog.md, "Search"), against real PostgreSQL with pg_trgm. */
describe('product search', () => {
  let catalog: TestCatalog;

  beforeAll(async () => {
    catalog = await startCatalog({ SEED_DEMO_CATALOG: 'true' });
    // Wait for the seed: the demo catalog fills 2 pages.
    await request(catalog.http).get('/api/products?pageNumber=2').expect(200);
  });

  afterAll(async () => {
    await catalog?.close();
  });

  const get = (path: string) => request(catalog.http).get(path);
  const list = async (query: string): Promise<ProductListDto> => (await get(`/api/products?${query}`).expect(200)).body as ProductListDto;
  const names = async (query: string) => (await list(query)).products.map((p) => p.name);
  const facets = async (query: string): Promise<ProductFacetsDto> => (await get(`/api/products/facets?${query}`).expect(200)).body as ProductFacetsDto;

  describe('words', () => {
    it('finds a product by a word of its name, brand, category or description', async () => {
      expect(await names('keyword=Pegasus')).toEqual(['Nike Air Zoom Pegasus 40 Running Shoes']);
      expect(await names('keyword=garmin')).toEqual(['Garmin Forerunner 265 GPS Running Watch']);
      expect(await names('keyword=wearables')).toEqual(['Garmin Forerunner 265 GPS Running Watch']);
      const description = DEMO_PRODUCTS.find((p) => p.name.startsWith('Kindle'))!.description.split(/\s+/).find((w) => /^[a-z]{7,}$/i.test(w))!;
      expect(await names(`keyword=${encodeURIComponent(description)}`)).toContain('Kindle Paperwhite (16 GB)');
    });

    it('ranks a match in the name before a match in the brand, and words across fields all count', async () => {
      const found = await names('keyword=running');
      expect(found.slice(0, 2).sort()).toEqual(['Garmin Forerunner 265 GPS Running Watch', 'Nike Air Zoom Pegasus 40 Running Shoes']);
      expect(await names('keyword=apple pro')).toEqual(expect.arrayContaining(['iPhone 15 Pro 256GB', 'MacBook Pro 14-inch M3 Pro']));
      expect(await names('keyword=apple pro')).not.toContain('Sony WH-1000XM5 Wireless Headphones');
      const headphones = await names('keyword=headphones');
      expect(headphones[0]).toBe('Sony WH-1000XM5 Wireless Headphones');
    });

    it('matches plural and singular alike (English stemming)', async () => {
      expect(await names('keyword=cameras')).toContain('Canon EOS R50 Mirrorless Camera');
      expect(await names('keyword=shoe')).toContain('Nike Air Zoom Pegasus 40 Running Shoes');
    });

    it('matches the start of a word', async () => {
      expect(await names('keyword=ipho')).toEqual(['iPhone 15 Pro 256GB']);
      expect(await names('keyword=playst')).toEqual(['PlayStation 5 Console']);
    });

    it('corrects misspelt words: iphnoe finds the iPhone, camra the camera', async () => {
      expect((await names('keyword=iphnoe'))[0]).toBe('iPhone 15 Pro 256GB');
      expect((await names('keyword=camra'))[0]).toBe('Canon EOS R50 Mirrorless Camera');
      expect((await names('keyword=hedphones'))[0]).toBe('Sony WH-1000XM5 Wireless Headphones');
    });

    it('finds nothing for words nothing is like', async () => {
      expect(await list('keyword=zzqxv')).toEqual({ products: [], page: 1, pages: 0 });
    });

    it('keeps the answer shape { products, page, pages } exactly', async () => {
      expect(Object.keys(await list('keyword=apple&sort=price-asc&brand=Apple')).sort()).toEqual(['page', 'pages', 'products']);
    });
  });

  describe('filters and sorts', () => {
    it('filters by category and brand (repeatable, any case), price range, rating and stock', async () => {
      expect((await names('keyword=pro&brand=apple')).sort()).toEqual(['AirPods Pro (2nd generation)', 'MacBook Pro 14-inch M3 Pro', 'iPhone 15 Pro 256GB'].sort());
      const sonyOrCanon = await list('brand=Sony&brand=CANON');
      expect(new Set(sonyOrCanon.products.map((p) => p.brand))).toEqual(new Set(['Sony', 'Canon']));
      expect((await list('category=Audio')).products.every((p) => p.category === 'Audio')).toBe(true);
      const midRange = await list('minPrice=100&maxPrice=200');
      expect(midRange.products.length).toBeGreaterThan(0);
      expect(midRange.products.every((p) => p.price >= 100 && p.price < 200)).toBe(true);
      expect((await list('rating=4')).products.every((p) => p.rating >= 4)).toBe(true);
      const inStock = await list('inStock=true&keyword=playstation');
      expect(inStock.products).toEqual([]);
    });

    it('sorts by price up and down, rating and newest; pages keep the filters', async () => {
      const up = (await list('sort=price-asc')).products.map((p) => p.price);
      expect(up).toEqual([...up].sort((a, b) => a - b));
      const down = (await list('sort=price-desc')).products.map((p) => p.price);
      expect(down).toEqual([...down].sort((a, b) => b - a));
      const rated = (await list('sort=rating')).products.map((p) => p.rating);
      expect(rated).toEqual([...rated].sort((a, b) => b - a));
      const first = await list('minPrice=25&sort=price-asc&pageNumber=1');
      const second = await list('minPrice=25&sort=price-asc&pageNumber=2');
      expect(first.pages).toBe(2);
      expect(first.products).toHaveLength(PRODUCTS_PAGE_SIZE);
      expect(second.page).toBe(2);
      expect(Math.min(...second.products.map((p) => p.price))).toBeGreaterThanOrEqual(Math.max(...first.products.map((p) => p.price)));
      expect(second.products.every((p) => p.price >= 25)).toBe(true);
      expect(await list('minPrice=25&sort=price-asc&pageNumber=9')).toEqual({ products: [], page: 9, pages: 2 });
    });

    it('keeps newest first without a keyword, filter or sort', async () => {
      const plain = await list('');
      expect(plain.products.map((p) => p.name)).toEqual(DEMO_PRODUCTS.slice(0, PRODUCTS_PAGE_SIZE).map((p) => p.name));
    });
  });

  describe('facets', () => {
    it('counts each facet with the other filters applied but not its own', async () => {
      const apple = await facets('keyword=pro&brand=Apple');
      expect(apple.total).toBe(3);
      // The brands facet ignores brand=Apple: every brand with a "pro" product.
      expect(apple.brands.find((b) => b.value === 'Apple')?.count).toBe(3);
      expect(apple.brands.length).toBeGreaterThanOrEqual(1);
      // The categories facet applies brand=Apple.
      expect(apple.categories.reduce((sum, c) => sum + c.count, 0)).toBe(3);
      expect(apple.prices).toHaveLength(PRICE_RANGES.length);
      expect(apple.prices.reduce((sum, p) => sum + p.count, 0)).toBe(3);
      expect(apple.ratings.map((r) => r.rating)).toEqual([4, 3, 2, 1]);
    });

    it('answers counts that the list then finds', async () => {
      const all = await facets('');
      expect(all.total).toBe(DEMO_PRODUCTS.length);
      for (const category of all.categories.slice(0, 3)) {
        const found = await list(`category=${encodeURIComponent(category.value)}`);
        expect(Math.min(found.products.length, category.count)).toBe(Math.min(category.count, PRODUCTS_PAGE_SIZE));
      }
      expect(all.inStock).toBe(DEMO_PRODUCTS.filter((p) => p.countInStock > 0).length);
      const withStock = await facets('inStock=true');
      expect(withStock.inStock).toBe(all.inStock);
      expect(withStock.total).toBe(all.inStock);
    });
  });

  describe('suggestions', () => {
    it('suggests the best few products for what is typed, the last word unfinished', async () => {
      const res = await get('/api/products/suggestions?q=ipho').expect(200);
      const body = res.body as ProductSuggestionsDto;
      expect(body.suggestions[0]).toEqual({ _id: expect.any(String), name: 'iPhone 15 Pro 256GB', brand: 'Apple', category: 'Electronics' });
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
      expect(((await get('/api/products/suggestions?q=sony%20wirel').expect(200)).body as ProductSuggestionsDto).suggestions.map((s) => s.name)).toEqual([
        'Sony WH-1000XM5 Wireless Headphones',
      ]);
      expect(((await get('/api/products/suggestions?q=a').expect(200)).body as ProductSuggestionsDto).suggestions.length).toBeLessThanOrEqual(6);
      expect((await get('/api/products/suggestions').expect(200)).body).toEqual({ suggestions: [] });
    });
  });

  describe('hostile input', () => {
    it.each(['%', '%%', '_', '\\', "'", '"', '.*', '!&|():*', "' OR '1'='1", '; DROP TABLE product; --', 'a:* | !b', '((((', '🙂', 'ℌ𝔢𝔩𝔩𝔬', 'x'.repeat(100), 'a b c d e f g h i j k l m n'])(
      'answers the keyword %j with 200 and never an error',
      async (keyword) => {
        const q = encodeURIComponent(keyword);
        const res = await get(`/api/products?keyword=${q}`);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(['page', 'pages', 'products']);
        await get(`/api/products/facets?keyword=${q}`).expect(200);
        await get(`/api/products/suggestions?q=${q}`).expect(200);
      },
    );

    it('answers a keyword with a NUL character without a server error', async () => {
      const res = await get('/api/products?keyword=a%00b');
      expect(res.status).toBeLessThan(500);
      expect(res.body.message ?? res.body.products).toBeDefined();
    });

    it('treats punctuation as a word separator, never as a wildcard or syntax', async () => {
      expect(await list('keyword=%25')).toEqual({ products: [], page: 1, pages: 0 });
      expect(await list('keyword=_')).toEqual({ products: [], page: 1, pages: 0 });
      expect(await names(`keyword=${encodeURIComponent("Levi's")}`)).toContain("Levi's Original Trucker Denim Jacket");
    });

    it.each([
      ['sort=price', /sort must be one of relevance, price-asc, price-desc, rating, newest/],
      ['sort=price-asc&sort=rating', /sort/],
      ['minPrice=-1', /minPrice/],
      ['minPrice=abc', /minPrice/],
      ['minPrice=1.234', /minPrice/],
      ['maxPrice=99999999', /maxPrice/],
      ['minPrice=50&maxPrice=10', /minPrice must not be over maxPrice/],
      ['rating=0', /rating/],
      ['rating=6', /rating/],
      ['rating=4.5', /rating/],
      ['inStock=yes', /inStock must be true or false/],
      [`brand=${'b'.repeat(101)}`, /brand/],
      [Array.from({ length: 11 }, (_, i) => `brand=b${i}`).join('&'), /brand/],
      ['brand[a]=b', /brand/],
      ['category[]=', /category/],
      ['keyword[]=a', /keyword/],
      [`keyword=${'k'.repeat(101)}`, /keyword/],
      ['order=price', /property order should not exist/],
    ])('answers ?%s with 400 and a message', async (query, message) => {
      const res = await get(`/api/products?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    });

    it('answers bad facets and suggestions queries with 400', async () => {
      expect((await get('/api/products/facets?sort=price-asc').expect(400)).body.message).toMatch(/sort should not exist/);
      expect((await get('/api/products/facets?rating=9').expect(400)).body.message).toMatch(/rating/);
      expect((await get('/api/products/suggestions?q=a&q=b').expect(400)).body.message).toMatch(/q must be/);
      expect((await get(`/api/products/suggestions?q=${'q'.repeat(101)}`).expect(400)).body.message).toMatch(/q must be/);
      expect((await get('/api/products/suggestions?keyword=a').expect(400)).body.message).toMatch(/keyword should not exist/);
    });
  });

  describe('the read cache', () => {
    it('shares one entry between the same filters in another order or case, and shows a new product at once', async () => {
      const before = await get('/api/products?brand=Sony&brand=canon').expect(200);
      const swapped = await get('/api/products?brand=CANON&brand=sony').expect(200);
      expect(swapped.headers.etag).toBe(before.headers.etag);
      await createProduct(catalog, { name: 'Sony Alpha Camera Strap', brand: 'Sony', category: 'Cameras', price: 19 });
      expect((await list('brand=sony&brand=canon')).products.map((p) => p.name)).toContain('Sony Alpha Camera Strap');
      // A new product's words are known to the correction at once.
      expect((await names('keyword=strpa'))[0]).toBe('Sony Alpha Camera Strap');
    });
  });
});
