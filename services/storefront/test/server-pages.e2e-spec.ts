/**
 * The storefront server's side of server rendering (docs/ssr.md), with a stand-in for the shell's server build
 * (server/render.cjs) that renders what it was asked as JSON inside the page, and stub services:
 * what the renderer is given (the shopper's builds with their server entries, the page's first calls
 * apart from index.html, the public origin), how it reads the API (the shared cache, public reads
 * only), the page cache (kept, shared by the same builds, dropped on a product change), a failing
 * renderer (index.html instead), SSR=off, and what search engines read (robots.txt, sitemap.xml).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startShop, type TestShop } from './support/storefront.js';
import { echo, sendJson, type StubHandler } from '@shop/testing';

const ROUTES = [
  { path: '/', remote: 'catalog', module: 'HomePage' },
  { path: '/product/:id', remote: 'catalog', module: 'ProductPage' },
  { path: '/cart/:id?', remote: 'checkout', module: 'CartPage' },
];

/**
 * The stand-in for the shell's server build: renders the request it got (without its template and
 * fetch) as JSON, with what its reads answered, and counts its renders. `/boom`
 * fails the way a broken frame would; `/product/missing` answers 404.
 */
const RENDERER = `
let renders = 0;
module.exports = {
  createServerRenderer() {
    return {
      async render(request) {
        if (request.url === '/boom') throw new Error('the frame failed');
        renders++;
        const reads = {};
        for (const [name, address, init] of [
          ['products', '/api/products?pageNumber=1'],
          ['private', '/api/users/profile'],
          ['write', '/api/products', { method: 'POST' }],
        ]) {
          const answer = await request.fetch(address, init);
          reads[name] = { status: answer.status, body: await answer.json() };
        }
        const seen = { url: request.url, origin: request.origin, budgetMs: request.budgetMs, firstCalls: request.firstCalls, remotes: request.remotes, renders, reads,
          templateHasRemotes: request.template.includes('id="shop-remotes"'), templateHasDataHints: request.template.includes('as="fetch"') };
        return {
          status: request.url === '/product/missing' ? 404 : 200,
          slot: { remote: 'catalog', renderedBy: 'server' },
          pipe: (sink) => new Promise((resolve) => {
            sink.once('finish', resolve);
            sink.write('<!doctype html><html><head><title>Shop</title></head><body><script type="application/json" id="seen">' + JSON.stringify(seen) + '</script>');
            sink.end('</body></html>');
          }),
        };
      },
    };
  },
};
`;

const CATALOG_ENTRY = 'var catalog;';
const CATALOG_SERVER_ENTRY = 'module.exports = {};';
const idOf = (...entries: string[]) => {
  const hash = createHash('sha256');
  for (const entry of entries) hash.update(entry);
  return hash.digest('hex').slice(0, 10);
};

function builtFrontEnd(withRenderer = true) {
  const root = mkdtempSync(join(tmpdir(), 'storefront-ssr-'));
  const shellDir = join(root, 'shell');
  mkdirSync(join(shellDir, 'server'), { recursive: true });
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(shellDir, 'routes.json'), JSON.stringify(ROUTES));
  if (withRenderer) writeFileSync(join(shellDir, 'server', 'render.cjs'), RENDERER);
  const catalogDir = join(root, 'catalog');
  mkdirSync(join(catalogDir, 'server'), { recursive: true });
  writeFileSync(join(catalogDir, 'remoteEntry.js'), CATALOG_ENTRY);
  writeFileSync(join(catalogDir, 'server', 'remoteEntry.js'), CATALOG_SERVER_ENTRY);
  writeFileSync(
    join(catalogDir, 'page-files.json'),
    JSON.stringify({
      HomePage: { files: ['home.1a2b3c4d.js'], data: { '/': ['/api/products/top', '/api/products?pageNumber=1'] } },
      ProductPage: { files: ['product.5e6f7a8b.js'], data: { '/product/:id': ['/api/products/:id'] } },
    }),
  );
  const checkoutDir = join(root, 'checkout');
  mkdirSync(checkoutDir);
  writeFileSync(join(checkoutDir, 'remoteEntry.js'), 'var checkout;');
  return { root, shellDir, catalogDir, checkoutDir };
}

interface Seen {
  url: string;
  origin: string;
  budgetMs: number;
  firstCalls: string[];
  remotes: { name: string; build?: string; serverEntry?: string }[];
  renders: number;
  reads: Record<string, { status: number; body: unknown }>;
  templateHasRemotes: boolean;
  templateHasDataHints: boolean;
}

const seenIn = (html: string): Seen => JSON.parse(/<script type="application\/json" id="seen">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as Seen;

/** The catalog stub: public reads (a shared cache may keep them), the sitemap read, anything else echoed. */
function catalogAnswers(sitemapPages = 1): StubHandler {
  return (req, res, stub) => {
    const send = (status: number, body: unknown) => {
      (res as ServerResponse).setHeader('cache-control', 'public, max-age=0, s-maxage=60');
      sendJson(res, status, body);
    };
    if (req.method === 'GET' && req.url?.startsWith('/api/products/sitemap')) {
      stub.received.push({ method: 'GET', url: req.url, headers: req.headers, body: Buffer.alloc(0) });
      const page = Number(new URL(req.url, 'http://x').searchParams.get('pageNumber'));
      return send(200, { products: [{ _id: `p${page}-a&b`, updatedAt: '2026-11-26T10:00:00.000Z' }], page, pages: sitemapPages, total: sitemapPages });
    }
    if (req.method === 'GET' && req.url?.startsWith('/api/products')) {
      stub.received.push({ method: 'GET', url: req.url, headers: req.headers, body: Buffer.alloc(0) });
      return send(200, { products: [], page: 1, pages: 0 });
    }
    echo(req, res, stub);
  };
}

describe('server-rendered pages of the storefront server', () => {
  const files = builtFrontEnd();
  let shop: TestShop;
  const catalogBuild = idOf(CATALOG_ENTRY, CATALOG_SERVER_ENTRY);

  beforeAll(async () => {
    shop = await startShop({
      SHELL_DIR: files.shellDir,
      MF_REMOTES: `catalog=${files.catalogDir} checkout=${files.checkoutDir}`,
      PUBLIC_URL: 'https://shop.example',
      SSR_SLOT_BUDGET_MS: '250',
      SSR_CACHE_MS: '60000',
      API_CACHE_MS: '60000',
    });
    shop.catalog.handler = catalogAnswers();
  });

  afterAll(async () => {
    await shop?.close();
    rmSync(files.root, { recursive: true, force: true });
  });

  const page = (path: string) => request(shop.storefront.url).get(path).set('Accept', 'text/html');

  it("renders a browser route with the shell's server build, given the shopper's builds, the page's first calls and the public origin", async () => {
    const res = await page('/').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const seen = seenIn(res.text);
    expect(seen).toMatchObject({ url: '/', origin: 'https://shop.example', budgetMs: 250, firstCalls: ['/api/products/top', '/api/products?pageNumber=1'] });
    // index.html with the remotes and script hints, but not the data hints: the server reads those itself.
    expect(seen).toMatchObject({ templateHasRemotes: true, templateHasDataHints: false });
    expect(seen.remotes).toEqual([
      { name: 'catalog', build: catalogBuild, serverEntry: join(files.catalogDir, 'server', 'remoteEntry.js') },
      { name: 'checkout', build: idOf('var checkout;') },
    ]);
  });

  it('reads the public API through its catalog reads, and nothing private and no write', async () => {
    const res = await page('/product/p1').expect(200);
    const { reads } = seenIn(res.text);
    expect(reads.products).toEqual({ status: 200, body: { products: [], page: 1, pages: 0 } });
    expect(reads.private).toEqual({ status: 404, body: { message: 'Not available to a server render' } });
    expect(reads.write?.status).toBe(404);
    expect(shop.users.received).toEqual([]);
    expect(shop.catalog.received.filter((received) => received.method !== 'GET')).toEqual([]);
    // The read carried the page's request id, as the browser's would carry its own.
    const read = shop.catalog.received.find((received) => received.url === '/api/products?pageNumber=1');
    expect(read?.headers['x-request-id']).toEqual(expect.any(String));
    // The first page's read was kept: the product page's render was answered from what the renders keep.
    expect(shop.catalog.received.filter((received) => received.url === '/api/products?pageNumber=1')).toHaveLength(1);
  });

  it('keeps a rendered page for the next shoppers, and ignores the query string', async () => {
    const first = seenIn((await page('/').expect(200)).text).renders;
    expect(seenIn((await page('/').expect(200)).text).renders).toBe(first);
    const withQuery = seenIn((await page('/?utm_source=mail&x=1').expect(200)).text);
    expect(withQuery).toMatchObject({ url: '/', renders: first });
  });

  it('renders a page again, on the catalog read again, once the page and the read have lived their time (a product changed shows then)', async () => {
    const brief = await startShop({
      SHELL_DIR: files.shellDir,
      MF_REMOTES: `catalog=${files.catalogDir} checkout=${files.checkoutDir}`,
      SSR_CACHE_MS: '300',
      API_CACHE_MS: '300',
    });
    try {
      brief.catalog.handler = catalogAnswers();
      const briefPage = (path: string) => request(brief.storefront.url).get(path).set('Accept', 'text/html');
      const first = seenIn((await briefPage('/').expect(200)).text).renders;
      const reads = () => brief.catalog.received.filter((received) => received.url === '/api/products?pageNumber=1').length;
      expect(reads()).toBe(1);
      expect(seenIn((await briefPage('/').expect(200)).text).renders).toBe(first);
      await new Promise((resolve) => setTimeout(resolve, 700));
      // Past both lifetimes: a new render, whose read of the catalog goes to the catalog again.
      const later = seenIn((await briefPage('/').expect(200)).text).renders;
      expect(later).toBeGreaterThan(first);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reads()).toBeGreaterThanOrEqual(2);
    } finally {
      await brief.close();
    }
  });

  it("gives each shopper of a kept page a credential of its own after <head>, the rest of the page the same for everyone", async () => {
    const credentialOf = (html: string) => /^<!doctype html><html><head><meta name="shop-page-session" content="([^"]+)"><title>/.exec(html)?.[1];
    const first = (await page('/').expect(200)).text;
    const second = (await page('/').expect(200)).text;

    expect(credentialOf(first)).toMatch(/^[A-Za-z0-9_-]{22}\.[0-9a-z]+\.catalog:[0-9a-f]{10}\+checkout:[0-9a-f]{10}\.[A-Za-z0-9_-]{43}$/);
    expect(credentialOf(second)).not.toBe(credentialOf(first));
    expect(seenIn(second).renders).toBe(seenIn(first).renders);
    expect(second.replace(credentialOf(second)!, '')).toBe(first.replace(credentialOf(first)!, ''));
  });

  it('answers 404 for a product address whose id no product can have, and the page otherwise', async () => {
    for (const path of ['/product/%22%3E%3Cb%3Ex', '/product/a%20b', '/product/%E2%80%AE', `/product/${'x'.repeat(101)}`]) {
      const res = await page(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.text).toContain('<meta name="shop-page-session"');
    }
    // Rendered as the page of a product that does not exist: with the API's answer for that id, encoded.
    expect(seenIn((await page('/product/%22%3E%3Cb%3Ex')).text).firstCalls).toEqual(['/api/products/%22%3E%3Cb%3Ex']);
    const plain = await page('/product/abc-123').expect(200);
    expect(seenIn(plain.text).firstCalls).toEqual(['/api/products/abc-123']);
  });

  it("answers the renderer's status (a product that does not exist is 404)", async () => {
    await page('/product/missing').expect(404);
  });

  it('sends index.html for the browser to render when the frame fails on the server', async () => {
    const res = await page('/boom').expect(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain('id="shop-remotes"');
    expect(res.text).not.toContain('id="seen"');
  });

  it('tells crawlers what not to crawl and where the sitemap is', async () => {
    const res = await request(shop.storefront.url).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('Disallow: /admin/');
    expect(res.text).toContain('Disallow: /cart');
    expect(res.text).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it("lists the home page and every product's page in /sitemap.xml, escaped, at the public origin", async () => {
    const res = await request(shop.storefront.url).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.text).toContain('<url><loc>https://shop.example/</loc></url>');
    expect(res.text).toContain('<url><loc>https://shop.example/product/p1-a%26b</loc><lastmod>2026-11-26T10:00:00.000Z</lastmod></url>');
    await request(shop.storefront.url).get('/sitemap-products-2.xml').expect(404);
    await request(shop.storefront.url).get('/sitemap-products-x.xml').expect(404);
  });
});

describe('a shop of more than one sitemap file', () => {
  const files = builtFrontEnd();
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startShop({ SHELL_DIR: files.shellDir, MF_REMOTES: `catalog=${files.catalogDir}`, PUBLIC_URL: 'https://shop.example' });
    shop.catalog.handler = catalogAnswers(3);
  });

  afterAll(async () => {
    await shop?.close();
    rmSync(files.root, { recursive: true, force: true });
  });

  it('answers /sitemap.xml with an index of /sitemap-products-{n}.xml, each a list of its page', async () => {
    const index = await request(shop.storefront.url).get('/sitemap.xml').expect(200);
    expect(index.text).toContain('<sitemapindex');
    for (const n of [1, 2, 3]) expect(index.text).toContain(`<sitemap><loc>https://shop.example/sitemap-products-${n}.xml</loc></sitemap>`);
    const second = await request(shop.storefront.url).get('/sitemap-products-2.xml').expect(200);
    expect(second.text).toContain('https://shop.example/product/p2-a%26b');
    expect(second.text).not.toContain('<url><loc>https://shop.example/</loc></url>');
    await request(shop.storefront.url).get('/sitemap-products-4.xml').expect(404);
  });

  it('answers a file past the last with 404 without asking the catalog (the first file says how many there are)', async () => {
    const asked = shop.catalog.received.length;
    await request(shop.storefront.url).get('/sitemap-products-999999.xml').expect(404);
    expect(shop.catalog.received.length).toBe(asked);
  });
});

describe('a sitemap while the catalog cannot answer', () => {
  const files = builtFrontEnd();
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startShop({ SHELL_DIR: files.shellDir, MF_REMOTES: `catalog=${files.catalogDir}`, PUBLIC_URL: 'https://shop.example' });
    shop.catalog.handler = (_req, res) => sendJson(res, 500, { message: 'down' });
  });

  afterAll(async () => {
    await shop?.close();
    rmSync(files.root, { recursive: true, force: true });
  });

  it('answers 503 with a message', async () => {
    const res = await request(shop.storefront.url).get('/sitemap.xml').expect(503);
    expect(res.body).toEqual({ message: 'The catalog is unavailable right now' });
    await request(shop.storefront.url).get('/sitemap-products-2.xml').expect(503);
  });
});

describe('server rendering off, or not available', () => {
  it('sends index.html with the data hints when SSR=off', async () => {
    const files = builtFrontEnd();
    const shop = await startShop({ SHELL_DIR: files.shellDir, MF_REMOTES: `catalog=${files.catalogDir}`, SSR: 'off' });
    try {
      const res = await request(shop.storefront.url).get('/').set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/products/top">');
      expect(res.text).not.toContain('id="seen"');
      // A product address whose id no product can have is 404 here too.
      await request(shop.storefront.url).get('/product/%22%3E%3Cb%3Ex').set('Accept', 'text/html').expect(404);
      await request(shop.storefront.url).get('/product/abc-123').set('Accept', 'text/html').expect(200);
    } finally {
      await shop.close();
      rmSync(files.root, { recursive: true, force: true });
    }
  });

  it('sends index.html when the shell has no server build', async () => {
    const files = builtFrontEnd(false);
    const shop = await startShop({ SHELL_DIR: files.shellDir, MF_REMOTES: `catalog=${files.catalogDir}` });
    try {
      const res = await request(shop.storefront.url).get('/').set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<div id="root"></div>');
    } finally {
      await shop.close();
      rmSync(files.root, { recursive: true, force: true });
    }
  });
});
