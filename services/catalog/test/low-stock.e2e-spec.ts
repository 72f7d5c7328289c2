import request from 'supertest';
import { createProduct, startCatalog, type TestCatalog } from './support/catalog-app.js';

interface LowStockAnswer {
  threshold: number;
  products: { _id: string; name: string; countInStock: number }[];
}

describe('GET /api/products/low-stock: the products running out, for the admin dashboard', () => {
  let catalog: TestCatalog;
  /** Every product written, by name. */
  const ids = new Map<string, string>();

  beforeAll(async () => {
    catalog = await startCatalog();
    const stocks: [string, number][] = [
      ['Plenty', 100],
      ['Just over', 6],
      ['At threshold', 5],
      ['Bravo two', 2],
      ['Alpha two', 2],
      ['Sold out', 0],
      ...Array.from({ length: 9 }, (_, k): [string, number] => [`Filler ${k + 1}`, 4]),
    ];
    for (const [name, countInStock] of stocks) ids.set(name, (await createProduct(catalog, { name, countInStock }))._id);
  });

  afterAll(async () => {
    await catalog?.close();
  });

  const get = async (query = ''): Promise<LowStockAnswer> =>
    (await request(catalog.http).get(`/api/products/low-stock${query}`).set(catalog.admin).expect(200)).body;

  it('answers the products at or under the threshold, least stock first, then by name, 10 unless told', async () => {
    const answer = await get();
    expect(answer.threshold).toBe(5);
    expect(answer.products).toHaveLength(10);
    expect(answer.products.slice(0, 3)).toEqual([
      { _id: ids.get('Sold out'), name: 'Sold out', countInStock: 0 },
      { _id: ids.get('Alpha two'), name: 'Alpha two', countInStock: 2 },
      { _id: ids.get('Bravo two'), name: 'Bravo two', countInStock: 2 },
    ]);
    expect(answer.products.slice(3).map((product) => product.name)).toEqual(['Filler 1', 'Filler 2', 'Filler 3', 'Filler 4', 'Filler 5', 'Filler 6', 'Filler 7']);
  });

  it('answers as many as limit says, up to 50, and never a product over the threshold', async () => {
    expect((await get('?limit=2')).products.map((product) => product.name)).toEqual(['Sold out', 'Alpha two']);
    const all = await get('?limit=50');
    expect(all.products).toHaveLength(13);
    expect(all.products.at(-1)).toEqual({ _id: ids.get('At threshold'), name: 'At threshold', countInStock: 5 });
    expect(all.products.map((product) => product.name)).not.toContain('Just over');
    expect((await get('?limit=')).products).toHaveLength(10);
  });

  it.each(['0', '51', '-1', '1.5', 'abc', '1e1', '99999999'])('answers limit=%s with 400 and a message', async (limit) => {
    const res = await request(catalog.http).get(`/api/products/low-stock?limit=${limit}`).set(catalog.admin).expect(400);
    expect(res.body).toEqual({ message: 'limit must be a whole number from 1 to 50' });
  });

  it('answers a repeated limit or an unknown parameter with 400', async () => {
    expect((await request(catalog.http).get('/api/products/low-stock?limit=1&limit=2').set(catalog.admin).expect(400)).body.message).toMatch(/limit/);
    expect((await request(catalog.http).get('/api/products/low-stock?threshold=9').set(catalog.admin).expect(400)).body).toEqual({
      message: 'property threshold should not exist',
    });
  });

  it('is for admins only, and no cache keeps it', async () => {
    expect((await request(catalog.http).get('/api/products/low-stock').expect(401)).body).toEqual({ message: 'Not authorized, no token' });
    expect((await request(catalog.http).get('/api/products/low-stock').set(catalog.customer).expect(403)).body).toEqual({ message: 'Not authorized as an admin' });
    const res = await request(catalog.http).get('/api/products/low-stock').set(catalog.admin).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('is not taken for a product id, and product ids still answer their product', async () => {
    const id = ids.get('Plenty') as string;
    expect((await request(catalog.http).get(`/api/products/${id}`).expect(200)).body).toMatchObject({ _id: id, name: 'Plenty', countInStock: 100 });
    expect((await get()).products.length).toBeGreaterThan(0);
  });

  it('documents the call in the OpenAPI document', async () => {
    const { body } = await request(catalog.http).get('/openapi.json').expect(200);
    const operation = body.paths['/api/products/low-stock'].get;
    expect(operation.parameters).toEqual([expect.objectContaining({ name: 'limit', in: 'query', required: false })]);
    const schema = operation.responses['200'].content['application/json'].schema.$ref.split('/').at(-1);
    expect(Object.keys(body.components.schemas[schema].properties).sort()).toEqual(['products', 'threshold']);
  });
});
