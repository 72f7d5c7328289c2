import request from 'supertest';
import { startGateway, startShop, type TestShop } from './support/gateway.js';
import { StubUpstream } from '@shop/testing';

const PAYPAL = 'http://127.0.0.1:4010';

describe('gateway security headers', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startShop({ PAYPAL_SDK_ORIGIN: PAYPAL });
  });

  afterAll(async () => {
    await shop?.close();
  });

  const directivesOf = (header: string) =>
    Object.fromEntries(header.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }));

  it('sends a content security policy fit for the shell, its remotes and the PayPal script', async () => {
    const res = await request(shop.gateway.url).get('/api/products').expect(200);
    expect(directivesOf(res.headers['content-security-policy'])).toEqual({
      'default-src': "'self'",
      'base-uri': "'self'",
      'script-src': `'self' ${PAYPAL}`,
      'script-src-attr': "'none'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': `'self' data: blob: ${PAYPAL}`,
      'font-src': "'self' data:",
      'connect-src': `'self' ${PAYPAL}`,
      'frame-src': PAYPAL,
      'object-src': "'none'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });

  it("sends helmet's other headers on proxied and on the gateway's own answers", async () => {
    for (const path of ['/api/users/profile', '/api/nothing', '/health']) {
      const res = await request(shop.gateway.url).get(path);
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': expect.stringContaining('max-age='),
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("keeps a service's own, stricter policy (the catalog's on images)", async () => {
    shop.catalog.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-security-policy': "default-src 'none'; sandbox" });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    };
    const res = await request(shop.gateway.url).get('/uploads/logo.svg').expect(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  it('allows no PayPal origin when none is configured', async () => {
    const stub = await StubUpstream.start('catalog');
    const gateway = await startGateway({ CATALOG_URL: stub.url });
    try {
      const res = await request(gateway.url).get('/api/products').expect(200);
      const directives = directivesOf(res.headers['content-security-policy']);
      expect(directives['script-src']).toBe("'self'");
      expect(directives['connect-src']).toBe("'self'");
      expect(directives['frame-src']).toBeUndefined();
    } finally {
      await gateway.close();
      await stub.stop();
    }
  });
});

describe('gateway rate limit', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startShop({ RATE_LIMIT_PER_MINUTE: '3' });
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('answers 429 with a message and Retry-After once a client has used its requests to /api', async () => {
    for (const path of ['/api/products', '/api/users/login', '/api/nothing']) {
      const res = await request(shop.gateway.url).get(path);
      expect(res.status).not.toBe(429);
    }
    const limited = await request(shop.gateway.url).get('/api/products').expect(429);
    expect(limited.body).toEqual({ message: 'Too many requests, please try again later' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['x-request-id']).toBeTruthy();
    expect(limited.headers['x-content-type-options']).toBe('nosniff');
    expect(shop.catalog.received).toHaveLength(1);
    // The gateway's own /api routes count and are limited too.
    expect((await request(shop.gateway.url).get('/api/health')).status).toBe(429);
  });

  it('does not count images or the health of the gateway itself', async () => {
    for (let i = 0; i < 5; i++) {
      await request(shop.gateway.url).get('/uploads/sneaker.png').expect(200);
      await request(shop.gateway.url).get('/health').expect(200);
    }
  });

  it('counts the addresses of one IPv6 /64 as one client, and another /64 apart', async () => {
    const behindProxy = await startShop({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' });
    try {
      const from = (address: string) => request(behindProxy.gateway.url).get('/api/products').set('X-Forwarded-For', address);
      for (let n = 1; n <= 3; n++) await from(`2001:db8:5:6::${n}`).expect(200);
      // A fourth address of the same /64 (and one written another way) is the same client.
      await from('2001:db8:5:6:ffff::4').expect(429);
      await from('2001:0db8:0005:0006::1').expect(429);
      await from('2001:db8:5:7::1').expect(200);
    } finally {
      await behindProxy.close();
    }
  });

  it('is off when RATE_LIMIT_PER_MINUTE is 0', async () => {
    const stub = await StubUpstream.start('catalog');
    const gateway = await startGateway({ CATALOG_URL: stub.url, RATE_LIMIT_PER_MINUTE: '0' });
    try {
      for (let i = 0; i < 20; i++) await request(gateway.url).get('/api/products').expect(200);
    } finally {
      await gateway.close();
      await stub.stop();
    }
  });
});
