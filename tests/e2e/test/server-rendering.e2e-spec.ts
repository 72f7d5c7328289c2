/**
 * The storefront rendered on the server through Module Federation (docs/ssr.md), as shoppers and
 * crawlers meet it, in Debian's chromium:
 * - with JavaScript off, home, search, pagination and product pages show their products, prices and
 *   links, with their own title, description, canonical address and (product) JSON-LD;
 * - with JavaScript on, the browser hydrates the same page: no console error, no second request for the
 *   answers the HTML carries, and the page works (add to cart);
 * - a release of the catalog switches the server's code while pages are rendered under load: no error,
 *   and no page whose server-rendered slot comes from another build than the one its browser is told to load;
 * - a catalog build whose server code throws has its slot rendered in the browser, the rest of the page
 *   on the server, and the page works.
 * The builds are the shop's own catalog build changed after the fact and released with
 * tools/scripts/mf-release.mjs, as an operator would.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { deleteStream, dropDatabases, freeBasePort, launchChromium, startShop, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL, type RunningShop } from '@shop/testing';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const launcher = join(repo, 'tools/launcher/dist/main.js');
const releaseTool = join(repo, 'tools/scripts/mf-release.mjs');

/** The home page's heading, as the shop's catalog build renders it, and as the "next" build does. */
const HEADING = 'Latest Products';
const NEXT_HEADING = 'Newest Products';

let shop: RunningShop;
let browser: Browser;
let prefix: string;
let dataDir: string;
let releasesDir: string;
const builds = { original: '', next: '', throwing: '' };

/** The gateway looks at the releases folder at most once a second. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

function release(...args: string[]): string {
  return execFileSync(process.execPath, [releaseTool, ...args], { env: { ...process.env, MF_RELEASES_DIR: releasesDir, MF_RELEASE_BY: 'e2e operator' }, encoding: 'utf8' }).trim();
}

/** Every JavaScript file below `folder`, with `change` applied; their compressed copies go (they are of the old files). */
function changeScripts(folder: string, change: (source: string, file: string) => string): void {
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (entry.isFile() && /\.js\.(br|gz)$/.test(entry.name)) rmSync(file);
    else if (entry.isFile() && entry.name.endsWith('.js')) writeFileSync(file, change(readFileSync(file, 'utf8'), file));
  }
}

/**
 * A copy of the shop's catalog build (browser and server builds) with `change` applied to its scripts.
 * Its entries get a comment naming it: a real release's entries name its chunks by their new content
 * (and so its build id changes); these keep the old chunk names.
 */
function catalogBuildWith(name: string, change: (source: string, file: string) => string): string {
  const folder = join(dataDir, 'builds', name);
  cpSync(join(repo, 'apps/catalog-mf/dist'), folder, { recursive: true });
  changeScripts(folder, (source, file) => {
    const changed = change(source, file);
    return file.endsWith('remoteEntry.js') ? `${changed}\n/* the ${name} build */\n` : changed;
  });
  return folder;
}

/** The catalog build a server-rendered page tells the browser to load (its inline remotes list). */
function catalogBuildOf(html: string): string | undefined {
  return /"catalog":"\/mf\/catalog\/([0-9a-f]{10})\/remoteEntry\.js"/.exec(html)?.[1];
}

/** A shopper's browser context; `javaScript: false` is a crawler that runs no script. */
async function context(javaScript = true): Promise<BrowserContext> {
  return browser.newContext({ baseURL: shop.base, javaScriptEnabled: javaScript });
}

/** What went wrong on a page: console errors and uncaught exceptions. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

interface Product {
  _id: string;
  name: string;
  price: number;
  countInStock: number;
}

/** The products of the home page's first page, newest first. */
async function homeProducts(): Promise<Product[]> {
  return ((await (await fetch(`${shop.base}/api/products`)).json()) as { products: Product[] }).products;
}

beforeAll(async () => {
  prefix = testPrefix();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-ssr-'));
  releasesDir = join(dataDir, 'mf-releases');
  builds.original = release('publish', 'catalog', join(repo, 'apps/catalog-mf/dist'), '--use').split('\n')[0] ?? '';
  release('publish', 'checkout', join(repo, 'apps/checkout-mf/dist'), '--use');
  release('publish', 'admin', join(repo, 'apps/admin-mf/dist'), '--use');
  // The next release: the same pages with another heading, on the server and in the browser alike.
  builds.next = release('publish', 'catalog', catalogBuildWith('next', (source) => source.replaceAll(`"${HEADING}"`, `"${NEXT_HEADING}"`))).split('\n')[0] ?? '';
  // A release whose server code throws while rendering the home page; its browser build is the shop's.
  builds.throwing = release(
    'publish',
    'catalog',
    catalogBuildWith('throwing', (source, file) =>
      file.includes(`${join('throwing', 'server')}`) ? source.replaceAll(`"${HEADING}"`, `(() => { throw new Error('a deliberately failing server build'); })()`) : source,
    ),
  ).split('\n')[0] ?? '';
  const port = await freeBasePort();
  await Promise.all([
    startShop(launcher, {
      PORT: String(port),
      INSTANCE_PREFIX: prefix,
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DATABASE_URL,
      NATS_URL: TEST_NATS_URL,
      LOG_LEVEL: 'warn',
      MF_REMOTES_FILE: join(releasesDir, 'remotes.json'),
      PUBLIC_URL: 'https://shop.example',
      // Every page rendered afresh: the release test is about rendering, not the page cache.
      SSR_CACHE_MS: '0',
    }).then((started) => (shop = started)),
    launchChromium().then((launched) => (browser = launched)),
  ]);
  // As a deploy's readiness check would: the catalog's first queries after its start are slow on a busy
  // machine, and a page over the budget is the browser's (which the fourth test checks on purpose).
  for (const path of ['/', '/page/2', '/search/phone']) await fetch(`${shop.base}${path}`, { headers: { Accept: 'text/html' } });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await dropDatabases(prefix);
  await deleteStream(prefix);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A computed style of the first element `selector` finds. */
const styleOf = (page: Page, selector: string, property: keyof CSSStyleDeclaration) =>
  page.locator(selector).first().evaluate((element, name) => String(getComputedStyle(element)[name as keyof CSSStyleDeclaration]), property);

describe('server-rendered pages', () => {
  it('show products, prices and links with JavaScript off, each page with its own head', async () => {
    expect(new Set(Object.values(builds)).size).toBe(3);
    const [product] = await homeProducts();
    if (!product) throw new Error('the shop has no product');
    const crawler = await context(false);
    const page = await crawler.newPage();

    await page.goto('/');
    expect(await page.title()).toBe(`${HEADING} | ProShop`);
    await page.getByRole('heading', { name: HEADING }).waitFor();
    const cards = page.locator('article');
    expect(await cards.count()).toBe(8);
    expect(await cards.first().getByRole('link', { name: product.name }).getAttribute('href')).toBe(`/product/${product._id}`);
    expect(await cards.first().textContent()).toContain(`$${product.price.toFixed(2)}`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://shop.example/');
    // Fully styled without a script: styled-components' styles of the render are in the page (the
    // server's ServerStyleSheet), the global ones (tokens, base rules) and every part's.
    expect(await page.locator('style[data-styled]').count()).toBe(1);
    expect(await styleOf(page, 'header', 'backgroundColor')).toBe('rgb(31, 45, 61)');
    expect(await styleOf(page, 'body', 'marginTop')).toBe('0px');
    expect(await styleOf(page, 'body', 'boxSizing')).toBe('border-box');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--shop-color-primary').trim())).toBe('#1f2d3d');
    // Pagination is plain links a crawler follows.
    const next = page.getByRole('navigation', { name: /pag/i }).getByRole('link', { name: '2' });
    expect(await next.getAttribute('href')).toBe('/page/2');

    await page.goto('/page/2');
    expect(await page.locator('article').count()).toBeGreaterThan(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://shop.example/page/2');

    await page.goto('/search/phone');
    expect(await page.title()).toBe('Search: phone | ProShop');
    expect(await page.locator('article').count()).toBeGreaterThan(0);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');

    await page.goto(`/product/${product._id}`);
    expect(await page.title()).toBe(`${product.name} | ProShop`);
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    // The page's buttons are the shop's, not the browser's (@shop/ui's Button, styled on the server).
    const addToCart = page.getByRole('button', { name: 'Add To Cart' });
    expect(await addToCart.evaluate((button) => getComputedStyle(button).cursor)).toMatch(/^(pointer|not-allowed)$/);
    expect(await addToCart.evaluate((button) => getComputedStyle(button).borderRadius)).not.toBe('0px');
    expect(await page.locator('main').textContent()).toContain(`$${product.price.toFixed(2)}`);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('product');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`https://shop.example/product/${product._id}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { offers?: { availability?: string } };
    expect(jsonLd).toMatchObject({ '@type': 'Product', name: product.name, offers: { price: product.price.toFixed(2), priceCurrency: 'USD' } });
    expect(jsonLd.offers?.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);

    const missing = await page.goto('/product/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    expect(await page.title()).toBe('Product not found | ProShop');
    const notFoundText = await page.locator('main').textContent();
    // An id no product can have (markup in it, escaped on the page) is as not found (issue 39: it was 200, a soft 404).
    const impossible = await page.goto('/product/%22%3E%3Cb%3Ex');
    expect(impossible?.status()).toBe(404);
    expect(await page.title()).toBe('Product not found | ProShop');
    expect(await page.locator('main').textContent()).toBe(notFoundText);
    // A search of two words is a page like any other (its keyword is a query's value, not an id).
    expect((await page.goto('/search/iphone%2015'))?.status()).toBe(200);
    await crawler.close();
  }, 60_000);

  it('hydrate in the browser with no console error and no second request for what the page shows, and work', async () => {
    const product = (await homeProducts()).find((candidate) => candidate.countInStock > 0);
    if (!product) throw new Error('the shop has no product in stock');
    const shopper = await context();
    const page = await shopper.newPage();
    const problems = problemsOf(page);
    const apiReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/products')) apiReads.push(`${url.pathname}${url.search}`);
    });

    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: HEADING }).waitFor();
    await page.goto('/search/phone', { waitUntil: 'networkidle' });
    await page.goto(`/product/${product._id}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    expect(apiReads).toEqual([]);

    // Hydrated: the page's buttons work, and moving on happens in the browser.
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.waitForURL('**/cart**');
    await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
    await page.getByRole('link', { name: product.name }).first().waitFor();
    await page.getByRole('link', { name: 'ProShop' }).click();
    await page.getByRole('heading', { name: HEADING }).waitFor();
    expect(await page.title()).toBe(`${HEADING} | ProShop`);
    // The browser took the server's styles over (styled-components rehydrated them) and added only what
    // the pages rendered since needed: no rule is in the page twice.
    const rules = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-styled]')].flatMap((style) => [...((style as HTMLStyleElement).sheet?.cssRules ?? [])].map((rule) => rule.cssText)),
    );
    expect(rules.length).toBeGreaterThan(20);
    expect(rules.filter((rule, at) => rules.indexOf(rule) !== at)).toEqual([]);
    expect(problems).toEqual([]);
    await shopper.close();
  }, 60_000);

  it('do what a shopper clicked before the shell had started, once it is ready', async () => {
    const product = (await homeProducts()).find((candidate) => candidate.countInStock > 0);
    if (!product) throw new Error('the shop has no product in stock');
    const shopper = await context();
    // The shell's scripts take 2 s to arrive (a slow connection): the click comes long before the shell is ready.
    await shopper.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    const page = await shopper.newPage();
    const problems = problemsOf(page);
    await page.goto(`/product/${product._id}`, { waitUntil: 'domcontentloaded' });
    // Once the page's starter runs (requested in its head, it arrives with the page), a click is kept for the shell.
    await page.waitForFunction(() => (window as { __shopStarting?: boolean }).__shopStarting === true);
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.waitForURL('**/cart**');
    await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
    await page.getByRole('link', { name: product.name }).first().waitFor();
    expect(problems).toEqual([]);
    await shopper.close();
  }, 60_000);

  it('come from one build of the catalog each while a release switches it under load: 0 errors, 0 pages mixing builds', async () => {
    const rendered = { [builds.original]: 0, [builds.next]: 0 };
    const problems: string[] = [];
    let running = true;
    const headingOf = { [builds.original]: HEADING, [builds.next]: NEXT_HEADING };
    const renderer = async () => {
      for (let n = 0; running; n++) {
        const response = await fetch(`${shop.base}${n % 2 ? '/page/2' : '/'}`, { headers: { Accept: 'text/html' } });
        const html = await response.text();
        const build = catalogBuildOf(html);
        if (response.status !== 200) problems.push(`status ${response.status}`);
        else if (!build || !(build in headingOf)) problems.push(`a page naming catalog build ${build}`);
        else if (!html.includes(`>${headingOf[build]}</h1>`)) problems.push(`a page of build ${build} rendered without its own heading`);
        else rendered[build] = (rendered[build] ?? 0) + 1;
      }
    };
    const crowd = Array.from({ length: 16 }, () => renderer());
    await settle();
    release('use', 'catalog', builds.next);
    await settle();
    await settle();
    release('use', 'catalog', builds.original);
    await settle();
    running = false;
    await Promise.all(crowd);
    process.stdout.write(`ssr e2e: ${rendered[builds.original]} pages of the original build, ${rendered[builds.next]} of the next, ${problems.length} problems\n`);
    expect(problems).toEqual([]);
    expect(rendered[builds.original]).toBeGreaterThan(20);
    expect(rendered[builds.next]).toBeGreaterThan(20);
  }, 60_000);

  it("leave a page its remote does not render on the server (the cart) to the browser, without asking the server build for it", async () => {
    // checkout's server build exposes LoginPage and RegisterPage only (its server/mf-manifest.json): the
    // cart is the browser's to render, which is no failure to report against checkout's build.
    const response = await fetch(`${shop.base}/cart`, { headers: { Accept: 'text/html' } });
    const html = await response.text();
    expect(response.status).toBe(200);
    const state = JSON.parse(/<script type="application\/json" id="shop-ssr">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as { browserSlot?: string; serverFailure?: string } | null;
    expect(state).toEqual(expect.objectContaining({ browserSlot: 'checkout/CartPage' }));
    expect(state?.serverFailure).toBeUndefined();
    // The sign-in form is checkout's server page: rendered there.
    const login = await (await fetch(`${shop.base}/login`, { headers: { Accept: 'text/html' } })).text();
    expect(login).toContain('name="email"');
    expect(login).not.toContain('"browserSlot"');
  });

  it('leave a slot whose server code throws to the browser, and the page works', async () => {
    release('use', 'catalog', builds.throwing);
    await settle();
    try {
      const response = await fetch(`${shop.base}/`, { headers: { Accept: 'text/html' } });
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(catalogBuildOf(html)).toBe(builds.throwing);
      // The frame is the server's; the slot is not (React marks it for the browser to render).
      expect(html).toContain('aria-label="Main"');
      expect(html).toContain('<!--$!-->');
      expect(html).not.toContain(`>${HEADING}</h1>`);

      const shopper = await context();
      const page = await shopper.newPage();
      const problems = problemsOf(page);
      await page.goto('/');
      await page.getByRole('heading', { name: HEADING }).waitFor();
      expect(await page.locator('article').count()).toBe(8);
      await page.locator('article').first().getByRole('link').last().click();
      await page.waitForURL('**/product/**');
      await page.getByRole('button', { name: 'Add To Cart' }).waitFor();
      expect(problems).toEqual([]);
      await shopper.close();
    } finally {
      release('use', 'catalog', builds.original);
    }
  }, 60_000);
});
