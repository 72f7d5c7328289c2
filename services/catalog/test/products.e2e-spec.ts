import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PRODUCTS_PAGE_SIZE, Subjects, type ProductDetailDto, type ProductDto, type ProductListDto, type ProductSitemapDto } from '@shop/contracts';
import { createProduct, eventsAbout, publishedEvents, startCatalog, type TestCatalog } from './support/catalog-app.js';

const PRODUCT_KEYS = [
  '_id',
  'name',
  'image',
  'brand',
  'category',
  'description',
  'price',
  'countInStock',
  'rating',
  'numReviews',
  'createdAt',
  'updatedAt',
].sort();

const validUpdate = {
  name: 'Trail Runner 2',
  price: 129.99,
  image: '/uploads/nike-sneaker.svg',
  brand: 'Stride',
  category: 'Footwear',
  countInStock: 7,
  description: 'Light shoes for long trails.',
};

describe('catalog products', () => {
  let catalog: TestCatalog;

  beforeAll(async () => {
    catalog = await startCatalog();
  });

  afterAll(async () => {
    await catalog?.close();
  });

  const get = (path: string) => request(catalog.http).get(path);
  const names = (list: ProductListDto) => list.products.map((p) => p.name);

  describe('list', () => {
    it('answers an empty catalog with no products, page 1 and 0 pages', async () => {
      const res = await get('/api/products').expect(200);
      expect(res.body).toEqual({ products: [], page: 1, pages: 0 });
    });

    it('answers 8 products a page, newest first, with page and pages', async () => {
      const created: ProductDto[] = [];
      for (let i = 1; i <= 10; i++) created.push(await createProduct(catalog, { name: `Pager item ${i}`, price: i + 0.5 }));
      const newestFirst = created.map((p) => p.name).reverse();

      const first = await get('/api/products?keyword=Pager&pageNumber=1').expect(200);
      expect(first.body.page).toBe(1);
      expect(first.body.pages).toBe(2);
      expect(first.body.products).toHaveLength(PRODUCTS_PAGE_SIZE);
      expect(names(first.body)).toEqual(newestFirst.slice(0, 8));
      for (const product of first.body.products) expect(Object.keys(product).sort()).toEqual(PRODUCT_KEYS);

      const second = await get('/api/products?keyword=Pager&pageNumber=2').expect(200);
      expect(second.body).toMatchObject({ page: 2, pages: 2 });
      expect(names(second.body)).toEqual(newestFirst.slice(8));
    });

    it('answers every product with its fields, the price in dollars', async () => {
      const res = await get('/api/products?keyword=Pager item 3').expect(200);
      expect(res.body.products).toHaveLength(1);
      expect(res.body.products[0]).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Pager item 3',
        image: '/uploads/sample.svg',
        brand: 'Test brand',
        category: 'Test category',
        description: 'A product made by a test.',
        price: 3.5,
        countInStock: 5,
        rating: 0,
        numReviews: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('takes page 1 when pageNumber is missing or empty', async () => {
      for (const path of ['/api/products?keyword=Pager', '/api/products?keyword=Pager&pageNumber=']) {
        const res = await get(path).expect(200);
        expect(res.body.page).toBe(1);
        expect(res.body.products).toHaveLength(8);
      }
    });

    it('answers a page beyond the last with no products, that page and the real number of pages', async () => {
      const res = await get('/api/products?keyword=Pager&pageNumber=5').expect(200);
      expect(res.body).toEqual({ products: [], page: 5, pages: 2 });
    });

    it.each(['0', '-1', '1.5', 'abc', '1e3', '0x10', '%202', '99999999999999999999', '1000001', 'NaN', 'Infinity'])(
      'answers pageNumber=%s with 400 and a message',
      async (pageNumber) => {
        const res = await get(`/api/products?pageNumber=${pageNumber}`).expect(400);
        expect(res.body).toEqual({ message: 'pageNumber must be a whole number from 1 to 1000000' });
      },
    );

    it('answers a repeated pageNumber or keyword with 400', async () => {
      expect((await get('/api/products?pageNumber=1&pageNumber=2').expect(400)).body.message).toMatch(/pageNumber/);
      expect((await get('/api/products?keyword=a&keyword=b').expect(400)).body.message).toMatch(/keyword/);
    });

    it('rejects unknown query parameters', async () => {
      const res = await get('/api/products?order=price').expect(400);
      expect(res.body).toEqual({ message: 'property order should not exist' });
    });
  });

  describe('keyword search', () => {
    beforeAll(async () => {
      for (const name of [
        'Quokka Lamp',
        'QUOKKA Desk',
        'Percent 100% Cotton Tee',
        'Percent Cotton Tee',
        'Under_score Cap',
        'Underscore Hat',
        "O'Brien Boots",
        'OBrien Socks',
        'Back\\slash Bag',
        'Backslash Belt',
      ]) {
        await createProduct(catalog, { name });
      }
    });

    const search = async (keyword: string) => {
      const res = await get(`/api/products?keyword=${encodeURIComponent(keyword)}`).expect(200);
      return names(res.body).sort();
    };

    it('matches names case-insensitively', async () => {
      expect(await search('quokka')).toEqual(['QUOKKA Desk', 'Quokka Lamp']);
      expect(await search('QuOkKa lAmP')).toEqual(['Quokka Lamp']);
    });

    it('trims the keyword', async () => {
      expect(await search('   quokka lamp  ')).toEqual(['Quokka Lamp']);
    });

    it('treats an empty or blank keyword as no keyword', async () => {
      const all = await get('/api/products').expect(200);
      for (const keyword of ['', '   ']) {
        const res = await get(`/api/products?keyword=${encodeURIComponent(keyword)}`).expect(200);
        expect(res.body.pages).toBe(all.body.pages);
        expect(names(res.body)).toEqual(names(all.body));
      }
    });

    // Search is by words (docs/catalog.md, "Search"): punctuation only separates them, never a wildcard or syntax.
    it.each([
      ['%', []],
      ['100%', ['Percent 100% Cotton Tee']],
      ['_', []],
      ["'", []],
      ["O'Brien", ["O'Brien Boots"]],
      ['\\', []],
      ['Back\\slash', ['Back\\slash Bag']],
      ['%%', []],
      ['.*', []],
      ['; DROP TABLE product; --', []],
    ])('searches %j by its words only', async (keyword, expected) => {
      expect(await search(keyword)).toEqual(expected);
    });

    it('accepts a keyword of 100 characters and answers a longer one with 400', async () => {
      await get(`/api/products?keyword=${'a'.repeat(100)}`).expect(200);
      const res = await get(`/api/products?keyword=${'a'.repeat(101)}`).expect(400);
      expect(res.body).toEqual({ message: 'keyword must be a text of at most 100 characters' });
    });
  });

  describe('sitemap', () => {
    it("answers every product's id and last change, oldest first, with page, pages and total", async () => {
      const res = await get('/api/products/sitemap').expect(200);
      const list = res.body as ProductSitemapDto;
      expect(list).toMatchObject({ page: 1, pages: 1 });
      expect(list.total).toBe(list.products.length);
      expect(list.total).toBeGreaterThanOrEqual(10);
      for (const entry of list.products) expect(Object.keys(entry).sort()).toEqual(['_id', 'updatedAt']);
      // Oldest first: the pager items were made in order 1..10.
      const pagerIds = (await get('/api/products?keyword=Pager item 1&pageNumber=1').expect(200)).body.products.map((p: ProductDto) => p._id) as string[];
      expect(list.products.some((entry) => pagerIds.includes(entry._id))).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    });

    it('answers a page beyond the last with no products, and a bad page number with 400', async () => {
      expect((await get('/api/products/sitemap?pageNumber=2').expect(200)).body).toMatchObject({ products: [], page: 2, pages: 1 });
      const bad = await get('/api/products/sitemap?pageNumber=zero').expect(400);
      expect(bad.body).toEqual({ message: expect.any(String) });
    });
  });

  describe('top', () => {
    it('answers the 3 best-rated products, highest rating first, more reviews first on a tie', async () => {
      const [good, best, better, fine] = [
        await createProduct(catalog, { name: 'Top good' }),
        await createProduct(catalog, { name: 'Top best' }),
        await createProduct(catalog, { name: 'Top better' }),
        await createProduct(catalog, { name: 'Top fine' }),
      ];
      const review = async (product: ProductDto, rating: number) => {
        const { Authorization } = await catalog.customerToken();
        await request(catalog.http).put(`/api/products/${product._id}/reviews`).set({ Authorization }).send({ rating, comment: 'ok' }).expect(201);
      };
      await review(good, 4);
      await review(best, 5);
      await review(best, 5);
      await review(better, 5);
      await review(fine, 3);

      const res = await get('/api/products/top').expect(200);
      expect(res.body.map((p: ProductDto) => p.name)).toEqual(['Top best', 'Top better', 'Top good']);
      expect(res.body[0]).toMatchObject({ rating: 5, numReviews: 2 });
      for (const product of res.body) expect(Object.keys(product).sort()).toEqual(PRODUCT_KEYS);
    });
  });

  describe('detail', () => {
    it('answers a product with its reviews, newest first', async () => {
      const product = await createProduct(catalog, { name: 'Detailed lamp', price: 42.1 });
      for (const [name, rating] of [
        ['First Reviewer', 3],
        ['Second Reviewer', 5],
      ] as const) {
        const { Authorization } = await catalog.customerToken(name);
        await request(catalog.http)
          .put(`/api/products/${product._id}/reviews`)
          .set({ Authorization })
          .send({ rating, comment: `review by ${name}` })
          .expect(201);
      }
      const res = await get(`/api/products/${product._id}`).expect(200);
      const detail = res.body as ProductDetailDto;
      expect(detail).toMatchObject({ _id: product._id, name: 'Detailed lamp', price: 42.1, rating: 4, numReviews: 2 });
      expect(Object.keys(detail).sort()).toEqual([...PRODUCT_KEYS, 'reviews'].sort());
      expect(detail.reviews.map((r) => r.name)).toEqual(['Second Reviewer', 'First Reviewer']);
      expect(detail.reviews[0]).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Second Reviewer',
        rating: 5,
        comment: 'review by Second Reviewer',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it("answers an unknown id with 404 'Product not found'", async () => {
      const res = await get(`/api/products/${randomUUID()}`).expect(404);
      expect(res.body).toEqual({ message: 'Product not found' });
    });

    it.each(['not-an-id', '123', 'top1', "1' OR '1'='1", '00000000-0000-0000-0000-00000000000g'])(
      'answers the id %j that is not a UUID with 400 and a message',
      async (id) => {
        const res = await get(`/api/products/${encodeURIComponent(id)}`).expect(400);
        expect(res.body).toEqual({ message: 'id must be a product id (a UUID)' });
      },
    );
  });

  describe('admin create', () => {
    it('refuses a guest, a bad token and a forged token with 401', async () => {
      expect((await request(catalog.http).post('/api/products').expect(401)).body).toEqual({ message: 'Not authorized, no token' });
      await request(catalog.http).post('/api/products').set('Authorization', 'Bearer nonsense').expect(401);
      const forged = await catalog.issuer.forge({ sub: randomUUID(), name: 'Eve', email: 'eve@example.com', isAdmin: true, sv: 1 });
      const res = await request(catalog.http).post('/api/products').set('Authorization', `Bearer ${forged}`).expect(401);
      expect(res.body).toEqual({ message: 'Not authorized, token failed' });
      const expired = await catalog.issuer.sign(
        { sub: randomUUID(), name: 'Old', email: 'old@example.com', isAdmin: true, sv: 1 },
        { expiresAt: Math.floor(Date.now() / 1000) - 60 },
      );
      await request(catalog.http).post('/api/products').set('Authorization', `Bearer ${expired}`).expect(401);
    });

    it("refuses a customer with 403 'Not authorized as an admin'", async () => {
      const res = await request(catalog.http).post('/api/products').set(catalog.customer).expect(403);
      expect(res.body).toEqual({ message: 'Not authorized as an admin' });
    });

    it('creates a sample product for the admin to edit', async () => {
      const res = await request(catalog.http).post('/api/products').set(catalog.admin).expect(201);
      expect(res.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Sample name',
        image: '/uploads/sample.svg',
        brand: 'Sample brand',
        category: 'Sample category',
        description: 'Sample description',
        price: 0,
        countInStock: 0,
        rating: 0,
        numReviews: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const detail = await get(`/api/products/${res.body._id}`).expect(200);
      expect(detail.body).toMatchObject({ name: 'Sample name', reviews: [] });
      const image = await get(res.body.image).expect(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    });

    it('rejects a body with fields and creates nothing', async () => {
      const before = (await get('/api/products?keyword=Sample name').expect(200)).body.products.length;
      const res = await request(catalog.http).post('/api/products').set(catalog.admin).send({ name: 'Mine' }).expect(400);
      expect(res.body).toEqual({ message: 'property name should not exist' });
      expect((await get('/api/products?keyword=Sample name').expect(200)).body.products.length).toBe(before);
    });
  });

  describe('admin update', () => {
    let product: ProductDto;

    beforeAll(async () => {
      product = await createProduct(catalog, { name: 'Editable' });
    });

    const put = (body: unknown, id = product._id) => request(catalog.http).put(`/api/products/${id}`).set(catalog.admin).send(body as object);

    it('replaces the fields and answers the updated product', async () => {
      const res = await put({ ...validUpdate, _id: product._id, name: '  Trail Runner 2  ' }).expect(200);
      expect(res.body).toEqual({
        ...product,
        ...validUpdate,
        updatedAt: expect.any(String),
      });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(product.updatedAt).getTime());
      const detail = await get(`/api/products/${product._id}`).expect(200);
      expect(detail.body).toMatchObject(validUpdate);
    });

    it('keeps prices to the cent', async () => {
      for (const price of [0, 0.01, 0.1, 19.99, 1234.56, 1_000_000]) {
        const res = await put({ ...validUpdate, price }).expect(200);
        expect(res.body.price).toBe(price);
      }
    });

    it('accepts an http(s) image URL and empty brand, category and description', async () => {
      const res = await put({ ...validUpdate, image: 'https://images.example.com/shoe.png', brand: '', category: '', description: '' }).expect(200);
      expect(res.body).toMatchObject({ image: 'https://images.example.com/shoe.png', brand: '', category: '', description: '' });
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a missing name', { name: undefined }, 'name must be a non-empty text of at most 200 characters'],
      ['an empty name', { name: '' }, 'name must be a non-empty text of at most 200 characters'],
      ['a blank name', { name: '   ' }, 'name must be a non-empty text of at most 200 characters'],
      ['a name over 200 characters', { name: 'n'.repeat(201) }, 'name must be a non-empty text of at most 200 characters'],
      ['a name that is not text', { name: 42 }, 'name must be a non-empty text of at most 200 characters'],
      ['a missing price', { price: undefined }, 'price must be a number from 0 to 1000000 with at most 2 decimals'],
      ['a negative price', { price: -0.01 }, 'price must be a number from 0 to 1000000 with at most 2 decimals'],
      ['a price with 3 decimals', { price: 1.005 }, 'price must be a number from 0 to 1000000 with at most 2 decimals'],
      ['a tiny fraction', { price: 1e-7 }, 'price must be a number from 0 to 1000000 with at most 2 decimals'],
      ['a price over a million', { price: 1_000_000.01 }, 'price must be a number from 0 to 1000000 with at most 2 decimals'],
      ['a price as text', { price: '10' }, 'price must be a number from 0 to 1000000 with at most 2 decimals'],
      ['a null price', { price: null }, 'price must be a number from 0 to 1000000 with at most 2 decimals'],
      ['a missing countInStock', { countInStock: undefined }, 'countInStock must be a whole number from 0 to 1000000'],
      ['a negative countInStock', { countInStock: -1 }, 'countInStock must be a whole number from 0 to 1000000'],
      ['a fractional countInStock', { countInStock: 1.5 }, 'countInStock must be a whole number from 0 to 1000000'],
      ['a countInStock over a million', { countInStock: 1_000_001 }, 'countInStock must be a whole number from 0 to 1000000'],
      ['a countInStock as text', { countInStock: '3' }, 'countInStock must be a whole number from 0 to 1000000'],
      ['an image over 500 characters', { image: `/uploads/${'a'.repeat(500)}.png` }, 'image must be a non-empty text of at most 500 characters'],
      ['an image that is not a path or URL', { image: 'javascript:alert(1)' }, 'image must be a path such as /uploads/photo.png or an http(s) URL'],
      ['a protocol-relative image', { image: '//evil.example.com/x.png' }, 'image must be a path such as /uploads/photo.png or an http(s) URL'],
      ['an image with spaces', { image: '/uploads/a b.png' }, 'image must be a path such as /uploads/photo.png or an http(s) URL'],
      ['a brand over 100 characters', { brand: 'b'.repeat(101) }, 'brand must be a text of at most 100 characters'],
      ['a missing brand', { brand: undefined }, 'brand must be a text of at most 100 characters'],
      ['a category over 100 characters', { category: 'c'.repeat(101) }, 'category must be a text of at most 100 characters'],
      ['a description over 5000 characters', { description: 'd'.repeat(5001) }, 'description must be a text of at most 5000 characters'],
      ['an _id that is not a UUID', { _id: 'abc' }, '_id must be a product id (a UUID)'],
      ['an _id of another product', { _id: randomUUID() }, '_id must be the id of the product in the path'],
      ['an unknown field', { rating: 5 }, 'property rating should not exist'],
      ['a numReviews field', { numReviews: 100 }, 'property numReviews should not exist'],
    ])('rejects %s with 400 and changes nothing', async (_what, change, message) => {
      const before = (await get(`/api/products/${product._id}`).expect(200)).body;
      const res = await put({ ...validUpdate, ...change }).expect(400);
      expect(res.body).toEqual({ message });
      expect((await get(`/api/products/${product._id}`).expect(200)).body).toEqual(before);
    });

    it('rejects a body that is not an object', async () => {
      const res = await request(catalog.http)
        .put(`/api/products/${product._id}`)
        .set(catalog.admin)
        .set('content-type', 'application/json')
        .send('[1,2]');
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    });

    it("answers an unknown product with 404 'Product not found'", async () => {
      const res = await put(validUpdate, randomUUID()).expect(404);
      expect(res.body).toEqual({ message: 'Product not found' });
    });

    it('answers an id that is not a UUID with 400', async () => {
      const res = await put(validUpdate, 'nope').expect(400);
      expect(res.body).toEqual({ message: 'id must be a product id (a UUID)' });
    });

    it('refuses a guest with 401 and a customer with 403, changing nothing', async () => {
      await request(catalog.http).put(`/api/products/${product._id}`).send({ ...validUpdate, name: 'Hacked' }).expect(401);
      const res = await request(catalog.http).put(`/api/products/${product._id}`).set(catalog.customer).send({ ...validUpdate, name: 'Hacked' }).expect(403);
      expect(res.body).toEqual({ message: 'Not authorized as an admin' });
      expect((await get(`/api/products/${product._id}`).expect(200)).body.name).not.toBe('Hacked');
    });
  });

  describe('admin delete', () => {
    it('refuses a guest with 401 and a customer with 403', async () => {
      const product = await createProduct(catalog, { name: 'Undeletable' });
      await request(catalog.http).delete(`/api/products/delete/${product._id}`).expect(401);
      const res = await request(catalog.http).delete(`/api/products/delete/${product._id}`).set(catalog.customer).expect(403);
      expect(res.body).toEqual({ message: 'Not authorized as an admin' });
      await get(`/api/products/${product._id}`).expect(200);
    });

    it("removes a product with its reviews and answers 'Product removed'", async () => {
      const product = await createProduct(catalog, { name: 'Doomed' });
      await request(catalog.http).put(`/api/products/${product._id}/reviews`).set(catalog.customer).send({ rating: 4, comment: 'fine' }).expect(201);
      const res = await request(catalog.http).delete(`/api/products/delete/${product._id}`).set(catalog.admin).expect(200);
      expect(res.body).toEqual({ message: 'Product removed' });
      expect((await get(`/api/products/${product._id}`).expect(404)).body).toEqual({ message: 'Product not found' });
      const [{ count }] = await catalog.dataSource.query('SELECT count(*)::int AS count FROM review WHERE product_id = $1', [product._id]);
      expect(count).toBe(0);
    });

    it('answers an unknown product with 404 and a non-UUID id with 400', async () => {
      const res = await request(catalog.http).delete(`/api/products/delete/${randomUUID()}`).set(catalog.admin).expect(404);
      expect(res.body).toEqual({ message: 'Product not found' });
      await request(catalog.http).delete('/api/products/delete/x').set(catalog.admin).expect(400);
    });
  });

  describe('events', () => {
    it('tells the other services of a created, updated and deleted product, with its id, name, image, price in cents and stock', async () => {
      const created = await request(catalog.http).post('/api/products').set(catalog.admin).expect(201);
      const id = created.body._id as string;
      await request(catalog.http).put(`/api/products/${id}`).set(catalog.admin).send({ ...validUpdate, name: 'Evented', price: 19.99, countInStock: 3 }).expect(200);
      await request(catalog.http).delete(`/api/products/delete/${id}`).set(catalog.admin).expect(200);
      // A rejected change records no event.
      await request(catalog.http).put(`/api/products/${id}`).set(catalog.admin).send(validUpdate).expect(404);

      const events = await publishedEvents(catalog);
      expect(eventsAbout(events, Subjects.ProductCreated, id).map((e) => e.data)).toEqual([
        { id, name: 'Sample name', image: '/uploads/sample.svg', priceCents: 0, countInStock: 0 },
      ]);
      expect(eventsAbout(events, Subjects.ProductUpdated, id).map((e) => e.data)).toEqual([
        { id, name: 'Evented', image: validUpdate.image, priceCents: 1999, countInStock: 3 },
      ]);
      expect(eventsAbout(events, Subjects.ProductDeleted, id).map((e) => e.data)).toEqual([{ id }]);
      const mine = events.filter((e) => (e.data as { id?: string }).id === id);
      expect(mine.map((e) => e.subject)).toEqual([Subjects.ProductCreated, Subjects.ProductUpdated, Subjects.ProductDeleted]);
    });

    it('records no event for a review', async () => {
      const product = await createProduct(catalog, { name: 'Quietly reviewed' });
      const before = eventsAbout(await publishedEvents(catalog), Subjects.ProductUpdated, product._id).length;
      await request(catalog.http).put(`/api/products/${product._id}/reviews`).set(catalog.customer).send({ rating: 5, comment: 'nice' }).expect(201);
      const after = eventsAbout(await publishedEvents(catalog), Subjects.ProductUpdated, product._id).length;
      expect(after).toBe(before);
    });
  });
});
