/**
 * The bare baseline of the catalog reads benchmark: a `node:http` + `pg` server, run as a process of
 * its own, answering GET /api/products?keyword=&pageNumber= and GET /api/products/{id} with exactly the
 * JSON the catalog answers, from the same queries on the same database: count + page for the list,
 * product + its reviews for a product. No framework, no cache, no logs: what the hardware can do. Its
 * keyword is the substring match the catalog had before issue 26; the catalog's search (full text, ranked,
 * corrected) is measured by the `search` scenario, so the benchmark compares the plain list and a product.
 *
 *   BASELINE_DATABASE_URL  the bench shop's catalog database (postgres://…/{prefix}_catalog)
 *   BASELINE_PORT          port to listen on (0: any; the chosen port is printed)
 *   BASELINE_POOL_SIZE     connections (10, as the catalog's DATABASE_POOL_SIZE)
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

const PAGE_SIZE = 8;
const MAX_PAGE_NUMBER = 1_000_000;
const MAX_KEYWORD_LENGTH = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const databaseUrl = process.env.BASELINE_DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('baseline: BASELINE_DATABASE_URL is required\n');
  process.exit(2);
}
// Idle connections are kept: the bench counts the CPU of the database's backends, and a closed one takes its count with it.
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.BASELINE_POOL_SIZE ?? 10), idleTimeoutMillis: 0 });

interface ProductRow {
  id: string;
  name: string;
  image: string;
  brand: string;
  category: string;
  description: string;
  price_cents: number;
  count_in_stock: number;
  rating: number;
  num_reviews: number;
  created_at: Date;
  updated_at: Date;
}

interface ReviewRow {
  id: string;
  name: string;
  rating: number;
  comment: string;
  created_at: Date;
}

const PRODUCT_COLUMNS =
  'id, name, image, brand, category, description, price_cents, count_in_stock, rating, num_reviews, created_at, updated_at';

/** The catalog's ProductDto, keys in the catalog's order. */
const productJson = (row: ProductRow) => ({
  _id: row.id,
  name: row.name,
  image: row.image,
  brand: row.brand,
  category: row.category,
  description: row.description,
  price: row.price_cents / 100,
  countInStock: row.count_in_stock,
  rating: row.rating,
  numReviews: row.num_reviews,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

async function list(params: URLSearchParams, res: ServerResponse): Promise<void> {
  const keyword = (params.get('keyword') ?? '').trim();
  const pageText = params.get('pageNumber') ?? '';
  const page = pageText === '' ? 1 : /^[0-9]{1,16}$/.test(pageText) ? Number(pageText) : NaN;
  if (!(page >= 1 && page <= MAX_PAGE_NUMBER)) return send(res, 400, { message: `pageNumber must be a whole number from 1 to ${MAX_PAGE_NUMBER}` });
  if (keyword.length > MAX_KEYWORD_LENGTH) return send(res, 400, { message: `keyword must be a text of at most ${MAX_KEYWORD_LENGTH} characters` });
  const where = keyword ? 'WHERE strpos(lower(name), lower($1)) > 0' : '';
  const args = keyword ? [keyword] : [];
  const [count, rows] = await Promise.all([
    pool.query<{ count: string }>(`SELECT count(*) AS count FROM product ${where}`, args),
    pool.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM product ${where} ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
      args,
    ),
  ]);
  send(res, 200, { products: rows.rows.map(productJson), page, pages: Math.ceil(Number(count.rows[0].count) / PAGE_SIZE) });
}

async function detail(id: string, res: ServerResponse): Promise<void> {
  if (!UUID.test(id)) return send(res, 400, { message: 'id must be a product id (a UUID)' });
  const [product, reviews] = await Promise.all([
    pool.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM product WHERE id = $1`, [id]),
    pool.query<ReviewRow>('SELECT id, name, rating, comment, created_at FROM review WHERE product_id = $1 ORDER BY created_at DESC, id DESC', [id]),
  ]);
  if (product.rows.length === 0) return send(res, 404, { message: 'Product not found' });
  send(res, 200, {
    ...productJson(product.rows[0]),
    reviews: reviews.rows.map((review) => ({
      _id: review.id,
      name: review.name,
      rating: review.rating,
      comment: review.comment,
      createdAt: review.created_at.toISOString(),
    })),
  });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://baseline');
  const answer =
    req.method !== 'GET'
      ? Promise.resolve(send(res, 405, { message: 'Method not allowed' }))
      : url.pathname === '/api/products'
        ? list(url.searchParams, res)
        : url.pathname.startsWith('/api/products/')
          ? detail(url.pathname.slice('/api/products/'.length), res)
          : Promise.resolve(send(res, 404, { message: 'Not found' }));
  answer.catch((error: unknown) => {
    process.stderr.write(`baseline: ${String(error)}\n`);
    if (!res.headersSent) send(res, 500, { message: 'Internal server error' });
  });
});

server.listen(Number(process.env.BASELINE_PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`baseline listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});

const stop = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
