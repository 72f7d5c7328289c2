/**
 * Draining (docs/operations.md, "Draining"): the shop as `REPLICAS=2 npm start` runs it, two processes
 * of every part (two gateways sharing the port), with 20 customers ordering, browsing and opening pages without pause
 * while every process in turn is stopped with SIGTERM, as an orchestrator stops it in a rolling
 * update, and started again by the launcher. Each says it is not ready at once, serves while the
 * gateway (or the kernel, for the gateways) sends its work elsewhere, finishes what it holds and
 * exits. Not one request fails, every order ends final, the stock is exact.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabases, freeBasePort, freePort, killPart, startShop, testPrefix, TEST_DATABASE_URL, type RunningShop } from '@shop/testing';
import { callApi, settledOrdersAndStock } from '../src/api.js';
import { customersOfOneProduct, underLoadSettings } from '../src/shop-under-load.js';

const launcher = fileURLToPath(new URL('../../../tools/launcher/dist/main.js', import.meta.url));
const CUSTOMERS = 20;
const STOCK = 100_000;
/** Longer than the gateway's probes of its replicas take to notice (every 2 s). */
const DRAIN_DELAY_MS = 4_000;
const PARTS = ['catalog', 'catalog-2', 'users', 'users-2', 'orders', 'orders-2', 'storefront', 'storefront-2', 'gateway', 'gateway-2'];

describe('draining: every process of the shop restarted one by one under load', () => {
  let shop: RunningShop;
  let dataDir: string;
  let runDir: string;
  const prefix = testPrefix();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-drain-'));
    runDir = join(dataDir, prefix, 'run');
    shop = await startShop(
      launcher,
      underLoadSettings({ port: await freeBasePort(40), dataDir, prefix, databaseUrl: TEST_DATABASE_URL, natsPort: await freePort() }, { REPLICAS: '2', DRAIN_DELAY_MS: String(DRAIN_DELAY_MS), DATABASE_POOL_SIZE: '5' }),
      180_000,
    );
  }, 240_000);

  afterAll(async () => {
    const code = await shop?.stop();
    if (code !== 0) process.stdout.write(`launcher exited ${code}:\n${shop?.output().slice(-5_000)}\n`);
    await dropDatabases(prefix);
    if (process.env.SHOP_TEST_KEEP_LOGS) process.stdout.write(`drain: logs kept in ${join(dataDir, prefix, 'logs')}\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(`${shop.base}${path}`, method, body, token, 20_000);

  it('fails no request, keeps every order final and the stock exact, and brings every process back', async () => {
    const { product, tokens, order } = await customersOfOneProduct(call, { stock: STOCK, count: CUSTOMERS, tag: 'drain', name: 'Drained lamp' });

    let restarting = 'none';
    let running = true;
    const failures: string[] = [];
    let requests = 0;
    const attempt = async (request: string, method: string, path: string, body?: unknown, token?: string) => {
      const { status, problem } = await call(method, path, body, token).then(
        (answer) => ({ status: answer.status, problem: '' }),
        (error: unknown) => ({ status: 0, problem: String((error as { cause?: unknown }).cause ?? error) }),
      );
      requests += 1;
      if (status === 0 || status >= 500) failures.push(`${request} ${status || 'no answer'} while restarting ${restarting}${problem ? ` (${problem})` : ''}`);
    };
    const customers = tokens.map(async (token) => {
      while (running) {
        await attempt('POST /api/orders', 'POST', '/api/orders', order, token);
        await attempt('GET /api/products/:id', 'GET', `/api/products/${product._id}`);
        await attempt('GET /api/orders/mine', 'GET', '/api/orders/mine', undefined, token);
        await attempt('GET /api/users/profile', 'GET', '/api/users/profile', undefined, token);
        await attempt('GET / (a page)', 'GET', '/');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const back: Record<string, number> = {};
    await pause(2_000);
    for (const part of PARTS) {
      restarting = part;
      const { pid, newPid, backMs } = await killPart(shop, runDir, part, new RegExp(`${part}\\s+started again, ready`), 90_000, 'SIGTERM');
      expect(newPid).not.toBe(pid);
      back[part] = backMs;
      restarting = 'none';
      // The gateway's probes find the new replica ready before the next one stops.
      await pause(3_000);
    }
    running = false;
    await Promise.all(customers);

    const { orders, confirmed, stock } = await settledOrdersAndStock(call, tokens, product._id, STOCK);
    process.stdout.write(
      `drain: ${requests} requests from ${CUSTOMERS} customers while ${PARTS.length} processes restarted one by one (SIGTERM, DRAIN_DELAY_MS ${DRAIN_DELAY_MS}); ` +
        `${failures.length} failed; ${orders.length} orders, ${confirmed.length} confirmed, ${orders.length - confirmed.length} cancelled; stock ${STOCK} -> ${stock}\n` +
        `  back after: ${Object.entries(back)
          .map(([part, ms]) => `${part} ${(ms / 1000).toFixed(1)} s`)
          .join(', ')}\n` +
        (failures.length ? `  ${failures.slice(0, 20).join('\n  ')}\n` : ''),
    );

    expect(failures).toEqual([]);
    expect(orders.every((one) => one.status === 'confirmed' || one.status === 'cancelled')).toBe(true);
    expect(requests).toBeGreaterThan(PARTS.length * CUSTOMERS);
  }, 600_000);
});
