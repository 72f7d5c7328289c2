/**
 * A storefront server that dies costs pages only (issue 42; docs/architecture.md): the shop as `npm
 * start` runs it, 12 customers ordering, paying and browsing the API without pause and 4 shoppers
 * opening pages, while the storefront server is killed (SIGKILL) three times and the launcher starts it
 * again each time. Not one API call fails; the pages are answered, server-rendered when the storefront
 * server is up and, while it is down, the shell's page from the gateway, for the browser to render (only a
 * page the process was sending at the moment it died is cut short).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabases, freeBasePort, freePort, killPart, startShop, testPrefix, TEST_DATABASE_URL, type RunningShop } from '@shop/testing';
import { callApi, settledOrdersAndStock } from '../src/api.js';
import { customersOfOneProduct, underLoadSettings } from '../src/shop-under-load.js';

const launcher = fileURLToPath(new URL('../../../tools/launcher/dist/main.js', import.meta.url));
const CUSTOMERS = 12;
const SHOPPERS = 4;
const STOCK = 100_000;
const KILLS = 3;

describe('the storefront server killed under load', () => {
  let shop: RunningShop;
  let dataDir: string;
  let runDir: string;
  const prefix = testPrefix();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-storefront-down-'));
    runDir = join(dataDir, prefix, 'run');
    shop = await startShop(
      launcher,
      underLoadSettings({ port: await freeBasePort(40), dataDir, prefix, databaseUrl: TEST_DATABASE_URL, natsPort: await freePort() }, {}),
      180_000,
    );
  }, 240_000);

  afterAll(async () => {
    const code = await shop?.stop();
    if (code !== 0) process.stdout.write(`launcher exited ${code}:\n${shop?.output().slice(-5_000)}\n`);
    await dropDatabases(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(`${shop.base}${path}`, method, body, token, 20_000);

  /** A page as a browser asks for it: whether it came, and whether the server rendered it. */
  async function openPage(path: string): Promise<{ status: number; rendered: boolean }> {
    try {
      const res = await fetch(`${shop.base}${path}`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(20_000) });
      const html = await res.text();
      // A server-rendered page carries its page credential (libs/mf-releases' page-session.ts); the gateway's fallback is the shell's index.html as built.
      return { status: res.status, rendered: html.includes('name="shop-page-session"') };
    } catch {
      return { status: 0, rendered: false };
    }
  }

  it('fails no API call, answers the pages meanwhile, and renders them again once it is back', async () => {
    const { product, tokens, order } = await customersOfOneProduct(call, { stock: STOCK, count: CUSTOMERS, tag: 'storefront-down', name: 'Steady lamp' });
    expect((await openPage('/')).rendered).toBe(true);

    let down = false;
    let running = true;
    const apiFailures: string[] = [];
    let apiCalls = 0;
    const pages = { answered: 0, failed: [] as string[], renderedWhileDown: 0, fallbackWhileDown: 0, rendered: 0 };
    const attempt = async (request: string, method: string, path: string, body?: unknown, token?: string) => {
      const { status, problem } = await call(method, path, body, token).then(
        (answer) => ({ status: answer.status, problem: '' }),
        (error: unknown) => ({ status: 0, problem: String((error as { cause?: unknown }).cause ?? error) }),
      );
      apiCalls += 1;
      if (status === 0 || status >= 500) apiFailures.push(`${request} ${status || 'no answer'}${down ? ' while the storefront server was down' : ''}${problem ? ` (${problem})` : ''}`);
    };
    const customers = tokens.map(async (token) => {
      while (running) {
        await attempt('POST /api/orders', 'POST', '/api/orders', order, token);
        await attempt('GET /api/products/:id', 'GET', `/api/products/${product._id}`);
        await attempt('GET /api/products', 'GET', '/api/products?pageNumber=1');
        await attempt('GET /api/orders/mine', 'GET', '/api/orders/mine', undefined, token);
        await attempt('GET /api/users/profile', 'GET', '/api/users/profile', undefined, token);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    const shoppers = Array.from({ length: SHOPPERS }, async (_, n) => {
      const paths = ['/', `/product/${product._id}`, '/cart', '/search/lamp'];
      for (let i = n; running; i++) {
        const wasDown = down;
        const page = await openPage(paths[i % paths.length]);
        if (page.status !== 200) pages.failed.push(`${paths[i % paths.length]} ${page.status || 'no answer'}`);
        else pages.answered += 1;
        if (page.rendered) pages.rendered += 1;
        if (wasDown && down) {
          if (page.rendered) pages.renderedWhileDown += 1;
          else pages.fallbackWhileDown += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const back: number[] = [];
    await pause(2_000);
    for (let kill = 0; kill < KILLS; kill++) {
      down = true;
      const { pid, newPid, backMs } = await killPart(shop, runDir, 'storefront', /storefront\s+started again, ready/, 90_000, 'SIGKILL');
      down = false;
      expect(newPid).not.toBe(pid);
      back.push(backMs);
      await pause(2_000);
    }
    const renderedBefore = pages.rendered;
    await pause(1_000);
    running = false;
    await Promise.all([...customers, ...shoppers]);

    const { orders, confirmed, stock } = await settledOrdersAndStock(call, tokens, product._id, STOCK);
    process.stdout.write(
      `storefront down: killed ${KILLS} times (back after ${back.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}); ` +
        `${apiCalls} API calls from ${CUSTOMERS} customers, ${apiFailures.length} failed; ${pages.answered} pages answered, ${pages.failed.length} not ` +
        `(while down: ${pages.fallbackWhileDown} the shell's page from the gateway, ${pages.renderedWhileDown} rendered); ` +
        `${orders.length} orders, ${confirmed.length} confirmed; stock ${STOCK} -> ${stock}\n` +
        (apiFailures.length ? `  ${apiFailures.slice(0, 20).join('\n  ')}\n` : '') +
        (pages.failed.length ? `  pages: ${pages.failed.slice(0, 20).join(', ')}\n` : ''),
    );

    expect(apiFailures).toEqual([]);
    // A page being sent when the process died is cut short (its status was on the wire): at most one per shopper and kill.
    expect(pages.failed.length).toBeLessThanOrEqual(KILLS * SHOPPERS);
    expect(pages.answered).toBeGreaterThan(50 * pages.failed.length);
    expect(pages.fallbackWhileDown).toBeGreaterThan(0);
    expect(pages.rendered).toBeGreaterThan(renderedBefore);
    expect(orders.every((one) => one.status === 'confirmed' || one.status === 'cancelled')).toBe(true);
    expect(apiCalls).toBeGreaterThan(KILLS * CUSTOMERS * 5);
  }, 600_000);
});
