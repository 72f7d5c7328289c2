import type { NatsLink } from '@shop/event-bus';
import { ShopMetrics } from '@shop/service-kit';
import { loadCatalogConfig } from '../config.js';
import { ProductReadCache, productReadOf } from './product-read-cache.js';

/** A NATS link that never connects: these specs are about one replica. */
const offline = { ready: () => new Promise(() => undefined) } as unknown as NatsLink;

const cacheKeeping = (ms: number) => new ProductReadCache(loadCatalogConfig({ PRODUCT_CACHE_MS: String(ms) }), offline, new ShopMetrics());

/** A database read the spec resolves when it wants, counting how many were started. */
function controlledLoads() {
  const pending: ((value: unknown) => void)[] = [];
  const load = () => new Promise<unknown>((resolve) => pending.push(resolve));
  return { load, pending, get started() { return pending.length; } };
}

describe('ProductReadCache', () => {
  it('answers the JSON once serialized, with a weak validator of its bytes', () => {
    const read = productReadOf({ a: 1 });
    expect(read.json.toString()).toBe('{"a":1}');
    expect(read.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(productReadOf({ a: 1 }).etag).toBe(read.etag);
    expect(productReadOf({ a: 2 }).etag).not.toBe(read.etag);
  });

  it('reads the database once for many requests of one key at a time, and keeps the answer', async () => {
    const cache = cacheKeeping(1_000);
    const loads = controlledLoads();
    const answers = Array.from({ length: 10 }, () => cache.read('list 1 ', loads.load));
    expect(loads.started).toBe(1);
    loads.pending[0]({ page: 1 });
    const reads = await Promise.all(answers);
    expect(new Set(reads).size).toBe(1);
    await cache.read('list 1 ', loads.load);
    expect(loads.started).toBe(1);
  });

  it('shares a read under way but keeps nothing for keep: false', async () => {
    const cache = cacheKeeping(1_000);
    const loads = controlledLoads();
    const both = [cache.read('detail x', loads.load, { keep: false }), cache.read('detail x', loads.load, { keep: false })];
    expect(loads.started).toBe(1);
    loads.pending[0]({ id: 'x' });
    await Promise.all(both);
    void cache.read('detail x', loads.load, { keep: false });
    expect(loads.started).toBe(2);
  });

  it('after a product change, neither keeps nor shares a read begun before it', async () => {
    const cache = cacheKeeping(1_000);
    const loads = controlledLoads();
    const before = cache.read('list 1 ', loads.load);
    cache.productsChanged();
    const after = cache.read('list 1 ', loads.load);
    expect(loads.started).toBe(2);
    loads.pending[0]({ version: 'old' });
    loads.pending[1]({ version: 'new' });
    expect((await before).json.toString()).toBe('{"version":"old"}');
    expect((await after).json.toString()).toBe('{"version":"new"}');
    expect((await cache.read('list 1 ', loads.load)).json.toString()).toBe('{"version":"new"}');
    expect(loads.started).toBe(2);
  });

  it('forgets what it kept on a product change, and after PRODUCT_CACHE_MS', async () => {
    const cache = cacheKeeping(40);
    let version = 0;
    const load = () => Promise.resolve({ version: ++version });
    await cache.read('top', load);
    cache.productsChanged();
    expect((await cache.read('top', load)).json.toString()).toBe('{"version":2}');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await cache.read('top', load)).json.toString()).toBe('{"version":3}');
  });

  it('keeps no failed read: the next request reads again', async () => {
    const cache = cacheKeeping(1_000);
    let calls = 0;
    const failing = () => (++calls === 1 ? Promise.reject(new Error('database down')) : Promise.resolve({ ok: true }));
    await expect(cache.read('top', failing)).rejects.toThrow('database down');
    await expect(cache.read('top', failing)).resolves.toMatchObject({ etag: expect.any(String) });
    expect(calls).toBe(2);
  });

  it('with PRODUCT_CACHE_MS=0 keeps nothing, and refuses more than a second', async () => {
    const cache = cacheKeeping(0);
    let calls = 0;
    const load = () => Promise.resolve({ n: ++calls });
    await cache.read('top', load);
    await cache.read('top', load);
    expect(calls).toBe(2);
    expect(() => loadCatalogConfig({ PRODUCT_CACHE_MS: '5000' })).toThrow(/PRODUCT_CACHE_MS/);
    expect(loadCatalogConfig({}).PRODUCT_CACHE_MS).toBe(250);
  });
});
