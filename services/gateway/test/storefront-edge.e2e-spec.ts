/**
 * The gateway in front of the storefront server (issue 42): every path outside /api, and the releases'
 * calls, go to it through the same upstream pool as the API's; the sign-in form counts in the client's
 * /api rate limit, a shopper over it sent back to the form; the storefront server's probes are not the
 * internet's; and while it is down, the gateway serves the shell for the browser to render the shop.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { buildIdOf } from '@shop/mf-releases';
import { freePort } from '@shop/testing';
import { startGateway, startShop, type TestGateway, type TestShop } from './support/gateway.js';

const FORM = 'application/x-www-form-urlencoded';

describe('the gateway in front of the storefront server', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startShop({ RATE_LIMIT_PER_MINUTE: '4' });
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('hands every path outside /api to the storefront server, and the releases’ calls, with the forwarding headers', async () => {
    for (const path of ['/', '/product/p1', '/main.3f2a9c1e.js', '/mf/remotes.json', '/sitemap.xml', '/api/page-reports', '/api/releases', '/api/releases/catalog/promote']) {
      const res = await request(shop.gateway.url).get(path).set('X-Forwarded-For', '203.0.113.9').expect(200);
      expect(res.headers['x-stub-upstream']).toBe('storefront');
      const received = shop.storefront.received.at(-1);
      expect(received?.url).toBe(path);
      // The client's own claim is replaced by what the gateway saw.
      expect(received?.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(received?.headers['x-request-id']).toBe(res.headers['x-request-id']);
    }
    expect((await request(shop.gateway.url).get('/api/products').expect(200)).headers['x-stub-upstream']).toBe('catalog');
  });

  it('keeps the storefront server’s probes and API document from the internet, and its own health', async () => {
    const before = shop.storefront.received.length;
    for (const path of ['/metrics', '/openapi.json']) expect((await request(shop.gateway.url).get(path).expect(404)).body).toEqual({ message: 'Not found' });
    // The gateway's own.
    expect((await request(shop.gateway.url).get('/health').expect(200)).body).toMatchObject({ status: 'ok' });
    expect((await request(shop.gateway.url).get('/ready').expect(200)).body).toMatchObject({ service: 'gateway' });
    expect(shop.storefront.received.length).toBe(before);
  });

  it('counts the sign-in form in the client’s /api rate limit, and sends a shopper over it back to the form with error=busy', async () => {
    const limited = await startShop({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      await request(limited.gateway.url).get('/api/products').expect(200);
      await request(limited.gateway.url).post('/login').set('Content-Type', FORM).send('email=a%40b.c&password=x').expect(200);
      const over = await request(limited.gateway.url).post('/login?redirect=cart').set('Content-Type', FORM).send('email=a%40b.c&password=x').expect(303);
      expect(over.headers.location).toBe('/login?redirect=cart&error=busy');
      expect(over.headers['cache-control']).toBe('no-store');
      expect(over.headers['set-cookie']).toBeUndefined();
      const hostile = await request(limited.gateway.url).post('/login?redirect=https://evil.example').set('Content-Type', FORM).send('email=a%40b.c&password=x').expect(303);
      expect(hostile.headers.location).toBe('/login?error=busy');
      expect(limited.storefront.received.filter((received) => received.url.startsWith('/login'))).toHaveLength(1);
      // And the API after the form, counted in the same count; the pages and files are not counted.
      await request(limited.gateway.url).get('/api/products').expect(429);
      await request(limited.gateway.url).get('/').expect(200);
      await request(limited.gateway.url).get('/login').expect(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 with a message for the storefront server’s calls while it is down', async () => {
    const down = await startGateway({ STOREFRONT_URL: `http://127.0.0.1:${await freePort()}`, SHELL_DIR: join(tmpdir(), 'no-shell-here') });
    try {
      expect((await request(down.url).get('/api/releases').expect(503)).body).toEqual({ message: 'The storefront service is unavailable, please try again shortly' });
      expect((await request(down.url).get('/').set('Accept', 'text/html').expect(503)).body).toEqual({ message: 'The storefront service is unavailable, please try again shortly' });
    } finally {
      await down.close();
    }
  });
});

describe('the gateway while the storefront server is down: the shell, rendered in the browser', () => {
  const root = mkdtempSync(join(tmpdir(), 'gateway-fallback-'));
  const shellDir = join(root, 'shell');
  const catalogDir = join(root, 'catalog');
  let gateway: TestGateway;
  let build: string;

  beforeAll(async () => {
    mkdirSync(shellDir, { recursive: true });
    mkdirSync(join(catalogDir, 'static'), { recursive: true });
    writeFileSync(join(shellDir, 'index.html'), '<!doctype html><html><head><title>ProShop</title></head><body><div id="root"></div><script src="/main.1a2b3c4d.js"></script></body></html>');
    writeFileSync(join(shellDir, 'main.1a2b3c4d.js'), 'console.log("shell");');
    writeFileSync(join(catalogDir, 'remoteEntry.js'), 'var catalog = 1;');
    writeFileSync(join(catalogDir, 'static', 'home.11111111.js'), 'home();');
    build = buildIdOf(catalogDir) as string;
    gateway = await startGateway({ STOREFRONT_URL: `http://127.0.0.1:${await freePort()}`, SHELL_DIR: shellDir, MF_REMOTES: `catalog=${catalogDir} admin=https://cdn.example/admin/remoteEntry.js` });
  });

  afterAll(async () => {
    await gateway?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves index.html for a page, the shell’s files, the remotes’ list and their current builds’ files', async () => {
    for (const path of ['/', '/product/p1', '/cart']) {
      const page = await request(gateway.url).get(path).set('Accept', 'text/html').expect(200);
      expect(page.text).toContain('<div id="root"></div>');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    }
    expect((await request(gateway.url).get('/main.1a2b3c4d.js').expect(200)).text).toBe('console.log("shell");');
    expect((await request(gateway.url).get('/mf/remotes.json').expect(200)).body).toEqual({
      catalog: `/mf/catalog/${build}/remoteEntry.js`,
      admin: 'https://cdn.example/admin/remoteEntry.js',
    });
    expect((await request(gateway.url).get(`/mf/catalog/${build}/static/home.11111111.js`).expect(200)).text).toBe('home();');
  });

  it('answers 503 for what it cannot serve: another build, a missing file, a form’s post, a path outside the shop', async () => {
    await request(gateway.url).get('/mf/catalog/0123456789/remoteEntry.js').expect(503);
    await request(gateway.url).get('/missing.js').expect(503);
    await request(gateway.url).post('/login').set('Content-Type', FORM).send('email=a%40b.c&password=x').expect(503);
    await request(gateway.url).get(`/mf/catalog/${build}/../../../etc/passwd`).expect(503);
  });
});
