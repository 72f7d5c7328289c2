import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startShop, type TestShop } from './support/gateway.js';

/** A built shell and a built catalog remote, as rspack leaves them. */
function builtFrontEnd(): { root: string; shellDir: string; catalogDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'gateway-front-end-'));
  const shellDir = join(root, 'shell');
  const catalogDir = join(root, 'catalog');
  mkdirSync(join(shellDir, 'static'), { recursive: true });
  mkdirSync(join(catalogDir, 'static'), { recursive: true });
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  writeFileSync(join(shellDir, 'static', 'main.3f2a9c1e.js'), 'console.log("shell");\n'.repeat(200));
  writeFileSync(join(catalogDir, 'mf-manifest.json'), '{"name":"catalog"}');
  writeFileSync(join(catalogDir, 'remoteEntry.js'), 'var catalog;');
  writeFileSync(join(catalogDir, 'static', 'home.1a2b3c4d.js'), 'export {}');
  return { root, shellDir, catalogDir };
}

describe('the storefront through the gateway', () => {
  const files = builtFrontEnd();
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startShop({
      SHELL_DIR: files.shellDir,
      MF_REMOTES: `catalog=${files.catalogDir} admin=https://cdn.example.com/admin/mf-manifest.json`,
    });
  });

  afterAll(async () => {
    await shop?.close();
    rmSync(files.root, { recursive: true, force: true });
  });

  const get = (path: string) => request(shop.gateway.url).get(path);

  it('serves the shell at / and its index.html for every browser route, never cached', async () => {
    for (const path of ['/', '/product/0f0f0f0f-0000-4000-8000-000000000000', '/admin/userList', '/search/lamp/page/2']) {
      const res = await get(path).set('Accept', 'text/html').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('serves hashed assets for a year and tells the shell where each remote lives at run time', async () => {
    const asset = await get('/static/main.3f2a9c1e.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const remotes = await get('/mf/remotes.json').expect(200);
    expect(remotes.body).toEqual({ catalog: '/mf/catalog/mf-manifest.json', admin: 'https://cdn.example.com/admin/mf-manifest.json' });
    expect(remotes.headers['cache-control']).toBe('no-cache');
  });

  it('compresses what it serves for a browser that accepts it', async () => {
    const asset = await get('/static/main.3f2a9c1e.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers.vary).toMatch(/Accept-Encoding/i);
    expect(asset.text).toBe('console.log("shell");\n'.repeat(200));
    const plain = await get('/static/main.3f2a9c1e.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("serves a remote's files from its own folder: entry files uncached, assets cached", async () => {
    const manifest = await get('/mf/catalog/mf-manifest.json').expect(200);
    expect(manifest.body).toEqual({ name: 'catalog' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await get('/mf/catalog/remoteEntry.js').expect(200)).headers['cache-control']).toBe('no-cache');
    expect((await get('/mf/catalog/static/home.1a2b3c4d.js').expect(200)).headers['cache-control']).toMatch(/immutable/);
  });

  it('answers 404 with a message for a missing file, an unknown remote, a path out of a folder, and any /api path', async () => {
    for (const path of ['/static/missing.js', '/mf/catalog/missing.js', '/mf/admin/remoteEntry.js', '/mf/nothing/x.js', '/mf/catalog/..%2F..%2Fshell%2Findex.html', '/api/nothing']) {
      const res = await get(path).set('Accept', 'text/html').expect(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
  });

  it('answers other methods than GET outside /api with 404', async () => {
    const res = await request(shop.gateway.url).post('/profile').send({}).expect(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });

  it('gives the storefront its security headers', async () => {
    const res = await get('/').expect(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
