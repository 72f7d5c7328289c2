import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { ProductDetailDto, ProductDto } from '@shop/contracts';
import { createProduct, startCatalog, type TestCatalog } from './support/catalog-app.js';

describe('catalog reviews', () => {
  let catalog: TestCatalog;

  beforeAll(async () => {
    catalog = await startCatalog();
  });

  afterAll(async () => {
    await catalog?.close();
  });

  const review = (productId: string, headers: { Authorization: string }, body: unknown) =>
    request(catalog.http).put(`/api/products/${productId}/reviews`).set(headers).send(body as object);
  const detail = async (productId: string) =>
    (await request(catalog.http).get(`/api/products/${productId}`).expect(200)).body as ProductDetailDto;

  it("adds a signed-in customer's review and recomputes rating and numReviews", async () => {
    const product = await createProduct(catalog, { name: 'Reviewed kettle' });
    const { Authorization, claims } = await catalog.customerToken('Rita Reviewer');

    const res = await review(product._id, { Authorization }, { rating: 4, comment: '  Boils fast.  ' }).expect(201);

    expect(res.body).toEqual({ message: 'Review added' });
    const after = await detail(product._id);
    expect(after).toMatchObject({ rating: 4, numReviews: 1 });
    expect(after.reviews).toEqual([
      { _id: expect.any(String), name: claims.name, rating: 4, comment: 'Boils fast.', createdAt: expect.any(String) },
    ]);
  });

  it('averages the ratings of several customers', async () => {
    const product = await createProduct(catalog);
    for (const rating of [5, 4, 4]) {
      const { Authorization } = await catalog.customerToken();
      await review(product._id, { Authorization }, { rating, comment: 'ok' }).expect(201);
    }
    expect(await detail(product._id)).toMatchObject({ rating: 13 / 3, numReviews: 3 });
  });

  it("answers a second review by the same user with 400 'Product already reviewed' and keeps the first", async () => {
    const product = await createProduct(catalog);
    const { Authorization } = await catalog.customerToken();
    await review(product._id, { Authorization }, { rating: 5, comment: 'first' }).expect(201);

    const res = await review(product._id, { Authorization }, { rating: 1, comment: 'second' }).expect(400);

    expect(res.body).toEqual({ message: 'Product already reviewed' });
    const after = await detail(product._id);
    expect(after).toMatchObject({ rating: 5, numReviews: 1 });
    expect(after.reviews.map((r) => r.comment)).toEqual(['first']);
  });

  it('refuses a guest and a forged token with 401', async () => {
    const product = await createProduct(catalog);
    const guest = await request(catalog.http).put(`/api/products/${product._id}/reviews`).send({ rating: 5, comment: 'x' }).expect(401);
    expect(guest.body).toEqual({ message: 'Not authorized, no token' });
    const forged = await catalog.issuer.forge({ sub: randomUUID(), name: 'Mallory', email: 'm@example.com', isAdmin: false, sv: 1 });
    const bad = await review(product._id, { Authorization: `Bearer ${forged}` }, { rating: 5, comment: 'x' }).expect(401);
    expect(bad.body).toEqual({ message: 'Not authorized, token failed' });
    expect(await detail(product._id)).toMatchObject({ numReviews: 0, reviews: [] });
  });

  it.each([
    [{ rating: 0, comment: 'x' }, /rating/],
    [{ rating: 6, comment: 'x' }, /rating/],
    [{ rating: 3.5, comment: 'x' }, /rating/],
    [{ rating: '5', comment: 'x' }, /rating/],
    [{ rating: null, comment: 'x' }, /rating/],
    [{ comment: 'x' }, /rating/],
    [{ rating: 5 }, /comment/],
    [{ rating: 5, comment: '   ' }, /comment/],
    [{ rating: 5, comment: 42 }, /comment/],
    [{ rating: 5, comment: 'x'.repeat(2001) }, /comment/],
    [{ rating: 5, comment: 'x', name: 'Someone else' }, /property name should not exist/],
    [{ rating: 5, comment: 'x', userId: randomUUID() }, /property userId should not exist/],
  ])('rejects %j with 400 and adds nothing', async (body, message) => {
    const product = await createProduct(catalog);
    const { Authorization } = await catalog.customerToken();
    const res = await review(product._id, { Authorization }, body).expect(400);
    expect(res.body.message).toMatch(message);
    expect(await detail(product._id)).toMatchObject({ numReviews: 0, rating: 0, reviews: [] });
  });

  it("answers an unknown product with 404 'Product not found' and a non-UUID id with 400", async () => {
    const { Authorization } = await catalog.customerToken();
    const missing = await review(randomUUID(), { Authorization }, { rating: 5, comment: 'x' }).expect(404);
    expect(missing.body).toEqual({ message: 'Product not found' });
    const bad = await review('not-an-id', { Authorization }, { rating: 5, comment: 'x' }).expect(400);
    expect(bad.body).toEqual({ message: 'id must be a product id (a UUID)' });
  });

  it('counts every one of 20 concurrent reviews by different customers', async () => {
    const product = await createProduct(catalog);
    const ratings = Array.from({ length: 20 }, (_, index) => (index % 5) + 1);
    const tokens = await Promise.all(ratings.map(() => catalog.customerToken()));

    const answers = await Promise.all(
      ratings.map((rating, index) => review(product._id, { Authorization: tokens[index].Authorization }, { rating, comment: `#${index}` })),
    );

    expect(answers.map((res) => res.status)).toEqual(ratings.map(() => 201));
    const after = await detail(product._id);
    expect(after.numReviews).toBe(20);
    expect(after.reviews).toHaveLength(20);
    expect(after.rating).toBeCloseTo(3, 10);
  });

  it('takes exactly one of 5 concurrent reviews by the same customer', async () => {
    const product = await createProduct(catalog);
    const { Authorization } = await catalog.customerToken();

    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => review(product._id, { Authorization }, { rating, comment: `try ${rating}` })),
    );

    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    for (const res of answers.filter((res) => res.status !== 201)) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Product already reviewed' });
    }
    expect(await detail(product._id)).toMatchObject({ numReviews: 1 });
  });

  it('shows the new rating in the list and the top products', async () => {
    const product = await createProduct(catalog, { name: 'Top rated tent' });
    for (const comment of ['Dry all night.', 'Pitches in minutes.']) {
      const { Authorization } = await catalog.customerToken();
      await review(product._id, { Authorization }, { rating: 5, comment }).expect(201);
    }
    const top = (await request(catalog.http).get('/api/products/top').expect(200)).body as ProductDto[];
    expect(top.map((p) => p._id)).toContain(product._id);
  });
});
