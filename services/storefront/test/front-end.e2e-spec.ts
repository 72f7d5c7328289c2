import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { startShop, type TestShop } from './support/storefront.js';

const ROUTES = [
  { path: '/', remote: 'catalog', module: 'HomePage' },
  { path: '/page/:pageNumber', remote: 'catalog', module: 'HomePage' },
  { path: '/product/:id', remote: 'catalog', module: 'ProductPage' },
  { path: '/cart/:id?', remote: 'checkout', module: 'CartPage' },
  { path: '/admin/userList', remote: 'admin', module: 'UserListPage' },
];

const buildId = (remoteEntry: string) => createHash('sha256').update(remoteEntry).digest('hex').slice(0, 10);

/**
 * A remote's build as rspack leaves it: remoteEntry.js, mf-manifest.json naming each exposed module's
 * files, page-files.json naming all of them and the page's first API calls by route (here for one page
 * only, as a build of another team's would list none), chunks.
 */
function writeRemoteBuild(dir: string, remoteEntry: string, homeChunk: string): void {
  mkdirSync(join(dir, 'static'), { recursive: true });
  writeFileSync(join(dir, 'remoteEntry.js'), remoteEntry);
  writeFileSync(
    join(dir, 'page-files.json'),
    JSON.stringify({
      HomePage: {
        files: ['static/309.9a8b7c6d.js', `static/${homeChunk}`],
        data: { '/': ['/api/products/top', '/api/products?pageNumber=1'], '/page/:pageNumber': ['/api/products?pageNumber=:pageNumber'] },
      },
    }),
  );
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: 'catalog',
      exposes: [
        { name: 'HomePage', assets: { js: { sync: [`static/${homeChunk}`], async: [] } } },
        { name: 'ProductPage', assets: { js: { sync: ['static/product.5e6f7a8b.js'], async: [] } } },
      ],
    }),
  );
  writeFileSync(join(dir, 'static', homeChunk), 'export {}');
}

/** A built shell and a built catalog remote. */
function builtFrontEnd(): { root: string; shellDir: string; catalogDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'storefront-front-end-'));
  const shellDir = join(root, 'shell');
  const catalogDir = join(root, 'catalog');
  mkdirSync(join(shellDir, 'static'), { recursive: true });
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(shellDir, 'routes.json'), JSON.stringify(ROUTES));
  writeFileSync(join(shellDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  const script = 'console.log("shell");\n'.repeat(200);
  writeFileSync(join(shellDir, 'static', 'main.3f2a9c1e.js'), script);
  writeFileSync(join(shellDir, 'static', 'main.3f2a9c1e.js.br'), brotliCompressSync(script));
  writeRemoteBuild(catalogDir, 'var catalog;', 'home.1a2b3c4d.js');
  return { root, shellDir, catalogDir };
}

/** The remotes list the storefront server wrote into a page. */
function inlineRemotes(html: string): Record<string, string> {
  const json = /<script type="application\/json" id="shop-remotes">(.*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as Record<string, string>) : {};
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((match) => match[1]);
const dataPreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map((match) => match[1]);

describe('the storefront server', () => {
  const files = builtFrontEnd();
  const catalog = `/mf/catalog/${buildId('var catalog;')}`;
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startShop({
      SHELL_DIR: files.shellDir,
      MF_REMOTES: `catalog=${files.catalogDir} admin=https://cdn.example.com/admin/v7/remoteEntry.js checkout=${join(files.root, 'not-built')}`,
    });
  });

  afterAll(async () => {
    await shop?.close();
    rmSync(files.root, { recursive: true, force: true });
  });

  const get = (path: string) => request(shop.storefront.url).get(path);

  it('serves the shell at / and its index.html for every browser route, never cached', async () => {
    for (const path of ['/', '/product/0f0f0f0f-0000-4000-8000-000000000000', '/admin/userList', '/search/lamp/page/2', '/search/3.5mm%20jack', '/search/Dr.%20Martens/page/2', '/index.html']) {
      const res = await get(path).set('Accept', 'text/html').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root">');
    }
  });

  it("writes the remotes' current addresses into the page, leaving out a remote with no build", async () => {
    const res = await get('/').set('Accept', 'text/html').expect(200);

    expect(inlineRemotes(res.text)).toEqual({ catalog: `${catalog}/remoteEntry.js`, admin: 'https://cdn.example.com/admin/v7/remoteEntry.js' });
  });

  it("tells the browser to fetch the page's remote files with the page: its remoteEntry.js and the route's chunks", async () => {
    const page = async (path: string) => (await get(path).set('Accept', 'text/html').expect(200)).text;

    // Every chunk page-files.json lists, the one the page shares with a library's fallback included.
    expect(preloads(await page('/'))).toEqual([`${catalog}/remoteEntry.js`, `${catalog}/static/309.9a8b7c6d.js`, `${catalog}/static/home.1a2b3c4d.js`]);
    // A page page-files.json does not list: the MF manifest's files.
    expect(preloads(await page('/PRODUCT/42'))).toEqual([`${catalog}/remoteEntry.js`, `${catalog}/static/product.5e6f7a8b.js`]);
    // A remote served from elsewhere: its entry only; a remote with no build, or no remote's route: nothing.
    expect(preloads(await page('/admin/userList'))).toEqual(['https://cdn.example.com/admin/v7/remoteEntry.js']);
    expect(preloads(await page('/cart'))).toEqual([]);
    expect(preloads(await page('/nowhere/at/all'))).toEqual([]);
  });

  it("tells the browser to fetch the API answers the page asks for first, as the remote's build names them for the route", async () => {
    const page = async (path: string) => (await get(path).set('Accept', 'text/html').expect(200)).text;

    expect(dataPreloads(await page('/'))).toEqual(['/api/products/top', '/api/products?pageNumber=1']);
    // The route's segments filled in; one that would need encoding in a query is not guessed at (the page is still there).
    expect(dataPreloads(await page('/page/2'))).toEqual(['/api/products?pageNumber=2']);
    expect(dataPreloads(await page('/page/a%20b'))).toEqual([]);
    // A page whose build names no first calls (only the MF manifest's files), and routes without a build: none.
    expect(dataPreloads(await page('/product/0f0f0f0f-0000-4000-8000-000000000000'))).toEqual([]);
    expect(dataPreloads(await page('/cart'))).toEqual([]);
  });

  it("takes a page's new first call from the remote's build, with the shell's files unchanged", async () => {
    const page = async (path: string) => (await get(path).set('Accept', 'text/html').expect(200)).text;
    const pageFiles = join(files.catalogDir, 'page-files.json');
    const before = readFileSync(pageFiles, 'utf8');
    try {
      const listed = JSON.parse(before) as Record<string, unknown>;
      listed.ProductPage = { files: ['static/product.5e6f7a8b.js'], data: { '/product/:id': ['/api/products/:id', '/api/products/:id/related'] } };
      writeFileSync(pageFiles, JSON.stringify(listed));
      expect(dataPreloads(await page('/product/p1'))).toEqual(['/api/products/p1', '/api/products/p1/related']);
    } finally {
      writeFileSync(pageFiles, before);
    }
    expect(dataPreloads(await page('/product/p1'))).toEqual([]);
  });

  it('reads a build that lists scripts only (the page-files.json of earlier releases)', async () => {
    const page = async (path: string) => (await get(path).set('Accept', 'text/html').expect(200)).text;
    const pageFiles = join(files.catalogDir, 'page-files.json');
    const before = readFileSync(pageFiles, 'utf8');
    try {
      writeFileSync(pageFiles, JSON.stringify({ HomePage: ['static/309.9a8b7c6d.js', 'static/home.1a2b3c4d.js'] }));
      const html = await page('/');
      expect(preloads(html)).toEqual([`${catalog}/remoteEntry.js`, `${catalog}/static/309.9a8b7c6d.js`, `${catalog}/static/home.1a2b3c4d.js`]);
      expect(dataPreloads(html)).toEqual([]);
    } finally {
      writeFileSync(pageFiles, before);
    }
  });

  it('serves hashed assets for a year, its other files revalidated, and the remotes list uncached', async () => {
    const asset = await get('/static/main.3f2a9c1e.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg').expect(200)).headers['cache-control']).toBe('no-cache');
    const remotes = await get('/mf/remotes.json').expect(200);
    expect(remotes.body).toEqual({ catalog: `${catalog}/remoteEntry.js`, admin: 'https://cdn.example.com/admin/v7/remoteEntry.js' });
    expect(remotes.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli copy a build wrote beside a file to a browser that accepts it, and compresses the rest', async () => {
    const brotli = await get('/static/main.3f2a9c1e.js').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.text).toBe('console.log("shell");\n'.repeat(200));

    const gzip = await get('/static/main.3f2a9c1e.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe('console.log("shell");\n'.repeat(200));
    const plain = await get('/static/main.3f2a9c1e.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe('console.log("shell");\n'.repeat(200));
  });

  it("serves a remote's build under its build id, every file cached for good", async () => {
    const entry = await get(`${catalog}/remoteEntry.js`).expect(200);
    expect(entry.text).toBe('var catalog;');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(`${catalog}/static/home.1a2b3c4d.js`).expect(200)).headers['cache-control']).toMatch(/immutable/);
  });

  it('answers 404 with a message for a missing file, an unknown build or remote, a path out of a folder, and any /api path', async () => {
    const paths = [
      '/static/missing.js',
      `${catalog}/missing.js`,
      '/mf/catalog/remoteEntry.js',
      '/mf/catalog/0000000000/remoteEntry.js',
      '/mf/admin/v7/remoteEntry.js',
      '/mf/nothing/1/x.js',
      `${catalog}/..%2F..%2Fshell%2Findex.html`,
      '/api/nothing',
    ];
    for (const path of paths) {
      const res = await get(path).set('Accept', 'text/html').expect(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
  });

  it('answers other methods than GET outside /api with 404', async () => {
    const res = await request(shop.storefront.url).post('/profile').send({}).expect(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });

  it('gives the storefront its security headers', async () => {
    const res = await get('/').expect(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('switching a remote to another build while the storefront server runs (MF_REMOTES_FILE)', () => {
  const files = builtFrontEnd();
  const releases = join(files.root, 'releases');
  const remotesFile = join(releases, 'remotes.json');
  const first = buildId('var catalog = 1;');
  const second = buildId('var catalog = 2;');
  let shop: TestShop;

  const entryOnPage = async () => inlineRemotes((await request(shop.storefront.url).get('/').set('Accept', 'text/html').expect(200)).text).catalog;
  /** The storefront server looks at the file at most once a second. */
  const pickedUp = async (expected: string | undefined) => {
    for (let tries = 0; tries < 50 && (await entryOnPage()) !== expected; tries++) await new Promise((done) => setTimeout(done, 100));
    return entryOnPage();
  };
  const use = (catalog: string) => writeFileSync(remotesFile, JSON.stringify({ catalog }));

  beforeAll(async () => {
    writeRemoteBuild(join(releases, 'catalog', first), 'var catalog = 1;', 'home.11111111.js');
    writeRemoteBuild(join(releases, 'catalog', second), 'var catalog = 2;', 'home.22222222.js');
    use(`catalog/${first}`);
    shop = await startShop({ SHELL_DIR: files.shellDir, MF_REMOTES: `catalog=${files.catalogDir}`, MF_REMOTES_FILE: remotesFile });
  });

  afterAll(async () => {
    await shop?.close();
    rmSync(files.root, { recursive: true, force: true });
  });

  it('serves the build the file names (in place of MF_REMOTES), a folder relative to the file', async () => {
    expect(await entryOnPage()).toBe(`/mf/catalog/${first}/remoteEntry.js`);
  });

  it('switches new pages to another build when the file changes, and back, while the old build stays served', async () => {
    use(`catalog/${second}`);
    expect(await pickedUp(`/mf/catalog/${second}/remoteEntry.js`)).toBe(`/mf/catalog/${second}/remoteEntry.js`);
    // A page loaded before the switch still gets the chunks of the build it runs.
    await request(shop.storefront.url).get(`/mf/catalog/${first}/static/home.11111111.js`).expect(200);

    use(`catalog/${first}`);
    expect(await pickedUp(`/mf/catalog/${first}/remoteEntry.js`)).toBe(`/mf/catalog/${first}/remoteEntry.js`);
    await request(shop.storefront.url).get(`/mf/catalog/${second}/static/home.22222222.js`).expect(200);
  });

  it('keeps the remotes as they were when the file is broken', async () => {
    writeFileSync(remotesFile, '{ "catalog": ');
    await new Promise((done) => setTimeout(done, 1_200));
    expect(await entryOnPage()).toBe(`/mf/catalog/${first}/remoteEntry.js`);
    writeFileSync(remotesFile, JSON.stringify({ 'Not A Name': 'x' }));
    await new Promise((done) => setTimeout(done, 1_200));
    expect(await entryOnPage()).toBe(`/mf/catalog/${first}/remoteEntry.js`);
  });
});

describe('keeping retired builds servable for the retention window (skew protection)', () => {
  const files = builtFrontEnd();
  const releases = join(files.root, 'releases');
  const remotesFile = join(releases, 'remotes.json');
  const historyFile = join(releases, 'history.json');
  const builds = ['var catalog = 1;', 'var catalog = 2;', 'var catalog = 3;'].map((entry, n) => ({ entry, id: buildId(entry), chunk: `home.${String(n + 1).repeat(8)}.js` }));
  const [first, second, third] = builds as [(typeof builds)[number], (typeof builds)[number], (typeof builds)[number]];
  const chunkOf = (build: (typeof builds)[number]) => `/mf/catalog/${build.id}/static/${build.chunk}`;
  const retiredAgo = (minutes: number) => ({ retiredAt: new Date(Date.now() - minutes * 60_000).toISOString() });
  let shop: TestShop | undefined;

  beforeAll(() => {
    for (const build of builds) writeRemoteBuild(join(releases, 'catalog', build.id), build.entry, build.chunk);
  });

  afterEach(async () => {
    await shop?.close();
    shop = undefined;
  });

  afterAll(() => rmSync(files.root, { recursive: true, force: true }));

  const start = async (settings: Record<string, string> = {}) => {
    shop = await startShop({ SHELL_DIR: files.shellDir, MF_REMOTES: `catalog=${files.catalogDir}`, MF_REMOTES_FILE: remotesFile, ...settings });
    return (path: string) => request(shop!.storefront.url).get(path);
  };

  it("serves a build retired within the retention (from the release tool's history: after a restart, on any replica), not one retired before", async () => {
    writeFileSync(remotesFile, JSON.stringify({ catalog: `catalog/${third.id}` }));
    writeFileSync(historyFile, JSON.stringify({ catalog: { [first.id]: retiredAgo(25 * 60), [second.id]: retiredAgo(60) } }));
    // A storefront server that never served the older builds itself.
    const get = await start();

    await get(chunkOf(third)).expect(200);
    await get(chunkOf(second)).expect(200);
    await get(chunkOf(first)).expect(404);
    // Never current at all (published, not used): not served.
    writeFileSync(historyFile, JSON.stringify({ catalog: { [second.id]: retiredAgo(60) } }));
    await new Promise((done) => setTimeout(done, 50));
    await get(chunkOf(first)).expect(404);
  });

  it('stops serving a retired build at once with a retention of 0, and serves it again when it is rolled back to', async () => {
    writeFileSync(remotesFile, JSON.stringify({ catalog: `catalog/${first.id}` }));
    writeFileSync(historyFile, '{}');
    const get = await start({ MF_BUILD_RETENTION_MINUTES: '0' });
    await get(chunkOf(first)).expect(200);

    // Switched without a history entry: the storefront server notes the retirement itself.
    writeFileSync(remotesFile, JSON.stringify({ catalog: `catalog/${second.id}` }));
    await new Promise((done) => setTimeout(done, 1_200));
    await get(chunkOf(second)).expect(200);
    await get(chunkOf(first)).expect(404);

    writeFileSync(remotesFile, JSON.stringify({ catalog: `catalog/${first.id}` }));
    await new Promise((done) => setTimeout(done, 1_200));
    await get(chunkOf(first)).expect(200);
  });

  it('refuses a broken history instead of serving more than it should', async () => {
    writeFileSync(remotesFile, JSON.stringify({ catalog: `catalog/${third.id}` }));
    writeFileSync(historyFile, '{ "catalog": { "not-an-id": 5 } }');
    const get = await start();
    await get(chunkOf(third)).expect(200);
    await get(chunkOf(second)).expect(404);
  });
});
