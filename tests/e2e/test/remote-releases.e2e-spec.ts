/**
 * A remote ships and rolls back while the shop runs, and the runtime refuses a remote built against
 * a shared library the page cannot give it. Two more builds of catalog-mf are made here from copies
 * of its folder: one whose home page says "Newest Products", and one that declares it needs
 * @shop/ui 2.x (the shell provides 1.x). They are published with tools/scripts/mf-release.mjs, as an
 * operator would, and the gateway picks up each switch from MF_REMOTES_FILE. The shell is never
 * rebuilt and nothing is restarted.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { deleteStream, dropDatabases, freeBasePort, launchChromium, startShop, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL, type RunningShop } from '@shop/testing';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const launcher = join(repo, 'tools/launcher/dist/main.js');
const releaseTool = join(repo, 'tools/scripts/mf-release.mjs');
const NOTICE = 'This part of the shop is unavailable right now';

let shop: RunningShop;
let browser: Browser;
let prefix: string;
let dataDir: string;
let releasesDir: string;
/** Copies of catalog-mf, inside the repository so their imports find its node_modules. */
const copies: string[] = [];
/** The build folders of the two copies, and the build id of the shop's own catalog build. */
const builds = { original: '', newest: '', incompatible: '', newCall: '', checkoutNext: '', adminNext: '', checkoutOriginal: '', adminOriginal: '' };
const pageErrors: string[] = [];

/**
 * Builds a copy of catalog-mf changed by `change` (its folder) as its team's CI would (its
 * rspack.config.mjs, through rspack's CLI); returns the build folder.
 */
async function buildCatalogCopy(name: string, change: (folder: string) => void): Promise<string> {
  return buildRemoteCopy('catalog', name, change);
}

/** The same for any remote: a copy of apps/{remote}-mf changed by `change`, built as its team's CI would. */
async function buildRemoteCopy(remote: string, name: string, change: (folder: string) => void): Promise<string> {
  const folder = join(repo, 'tmp', `${prefix}-${remote}-${name}`);
  copies.push(folder);
  for (const part of ['src', 'package.json', 'rspack.config.mjs']) cpSync(join(repo, `apps/${remote}-mf`, part), join(folder, part), { recursive: true });
  change(folder);
  // `npm run build` of the remote: rspack's CLI with its config.
  execFileSync(join(repo, 'node_modules/.bin/rspack'), ['build', '--mode', 'production'], { cwd: folder, stdio: 'pipe' });
  return join(folder, 'dist');
}

function appendTo(file: string, text: string): void {
  writeFileSync(file, readFileSync(file, 'utf8') + text);
}

function release(...args: string[]): string {
  return execFileSync(process.execPath, [releaseTool, ...args], { env: { ...process.env, MF_RELEASES_DIR: releasesDir }, encoding: 'utf8' }).trim();
}

/** Publishes a build and makes it current; returns its build id (the first line the tool prints). */
const publishAndUse = (remote: string, folder: string) => release('publish', remote, folder, '--use').split('\n')[0] ?? '';

/** Loads the home page in a fresh context (a new visitor) until `check` holds: the gateway looks at the file once a second. */
async function homeShows(check: (page: Page, errors: string[]) => Promise<void>): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    const context = await browser.newContext({ baseURL: shop.base });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      await page.goto('/');
      await check(page, errors);
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
    } finally {
      await context.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 }).or(page.getByRole('heading', { name, level: 2 })).first().waitFor({ timeout: 5_000 });

/** Changes `from` to `to` in a file of the copy; a source that no longer holds `from` fails here, not as a puzzling build id later. */
function replaceIn(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${from}: update the test's change`);
  writeFileSync(file, text.replace(from, to));
}

beforeAll(async () => {
  prefix = testPrefix();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-releases-'));
  releasesDir = join(dataDir, 'mf-releases');
  builds.newest = await buildCatalogCopy('newest', (folder) => {
    replaceIn(join(folder, 'src/exposes/home-page.tsx'), '>Latest Products</Heading>', '>Newest Products</Heading>');
  });
  // The catalog team ships a call of its own: its product page also lists the top products, through
  // shop-client's generic query, and names the new answer among the page's first calls. Nothing of it
  // is in the shell, shop-client or the gateway.
  builds.newCall = await buildCatalogCopy('new-call', (folder) => {
    writeFileSync(
      join(folder, 'src/features/product/also-liked.tsx'),
      `import { Link } from 'react-router-dom';
import type { ProductDto } from '@shop/contracts';
import { shopKeys, useShopQuery } from '@shop/shop-client';

export function AlsoLiked() {
  const { data } = useShopQuery<ProductDto[]>({ queryKey: [...shopKeys.products.top(), 'also-liked'], get: { path: '/api/products/top' } });
  return (
    <section aria-label="Shoppers also liked">
      {data?.map((product) => <Link key={product._id} to={'/product/' + product._id}>{product.name}</Link>)}
    </section>
  );
}
`,
    );
    replaceIn(join(folder, 'src/exposes/product-page.tsx'), "import { ReviewList } from '../features/product/review-list.js';", "import { ReviewList } from '../features/product/review-list.js';\nimport { AlsoLiked } from '../features/product/also-liked.js';");
    replaceIn(join(folder, 'src/exposes/product-page.tsx'), '      <QueryResult query={query}>', '      <AlsoLiked />\n      <QueryResult query={query}>');
    replaceIn(join(folder, 'src/exposes/first-calls.json'), '"/product/:id": ["/api/products/:id"]', '"/product/:id": ["/api/products/:id", "/api/products/top"]');
  });
  // Next releases of checkout and admin: any change to a page makes a new build (here an export no page reads).
  builds.checkoutNext = await buildRemoteCopy('checkout', 'next', (folder) => appendTo(join(folder, 'src/exposes/cart-page.tsx'), "\nexport const release = 'next';\n"));
  builds.adminNext = await buildRemoteCopy('admin', 'next', (folder) => appendTo(join(folder, 'src/exposes/user-list-page.tsx'), "\nexport const release = 'next';\n"));
  builds.incompatible = await buildCatalogCopy('incompatible', (folder) => {
    replaceIn(join(folder, 'package.json'), '"@shop/ui": "^1.0.0"', '"@shop/ui": "^2.0.0"');
  });
  // The shop's own builds are the first release of each remote.
  builds.original = publishAndUse('catalog', join(repo, 'apps/catalog-mf/dist'));
  builds.checkoutOriginal = publishAndUse('checkout', join(repo, 'apps/checkout-mf/dist'));
  builds.adminOriginal = publishAndUse('admin', join(repo, 'apps/admin-mf/dist'));
  const port = await freeBasePort();
  // Each kept as soon as it is up, so afterAll stops the shop even when the browser failed to start.
  await Promise.all([
    startShop(launcher, {
      PORT: String(port),
      INSTANCE_PREFIX: prefix,
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DATABASE_URL,
      NATS_URL: TEST_NATS_URL,
      LOG_LEVEL: 'warn',
      MF_REMOTES_FILE: join(releasesDir, 'remotes.json'),
    }).then((started) => (shop = started)),
    launchChromium().then((launched) => (browser = launched)),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await dropDatabases(prefix);
  await deleteStream(prefix);
  rmSync(dataDir, { recursive: true, force: true });
  for (const folder of copies) rmSync(folder, { recursive: true, force: true });
});

describe('a remote released while the shop runs', () => {
  it('switches catalog-mf to a new build and back for new page loads, the open page keeps working, the shell untouched', async () => {
    const shellScript = join(repo, 'apps/shell/dist/index.html');
    const shellBuiltAt = statSync(shellScript).mtimeMs;
    await homeShows((page) => heading(page, 'Latest Products'));

    // A shopper who opened the shop before the release.
    const openContext = await browser.newContext({ baseURL: shop.base });
    const openPage = await openContext.newPage();
    openPage.on('pageerror', (error) => pageErrors.push(error.message));
    await openPage.goto('/');
    await heading(openPage, 'Latest Products');

    const newest = publishAndUse('catalog', builds.newest);
    expect(newest).not.toBe(builds.original);
    await homeShows((page) => heading(page, 'Newest Products'));

    // The open page still runs the build it loaded, and still navigates with it.
    await openPage.locator('a[href^="/product/"]').first().click();
    await openPage.getByRole('button', { name: 'Add to Cart' }).waitFor();
    await openPage.goBack();
    await heading(openPage, 'Latest Products');
    await openContext.close();

    release('use', 'catalog', builds.original);
    await homeShows((page) => heading(page, 'Latest Products'));
    expect(release('list')).toContain(`* catalog ${builds.original}`);
    expect(statSync(shellScript).mtimeMs).toBe(shellBuiltAt);
    expect(pageErrors).toEqual([]);
  });

  it('takes a new API call of the catalog from its own release: no release of the shell, shop-client or gateway', async () => {
    const shellFiles = join(repo, 'apps/shell/dist');
    const shellBuiltAt = statSync(join(shellFiles, 'index.html')).mtimeMs;
    const product = async (page: Page) => {
      await page.goto('/');
      const href = await page.locator('a[href^="/product/"]').first().getAttribute('href');
      if (!href) throw new Error('no product on the home page');
      return href;
    };

    publishAndUse('catalog', builds.newCall);

    await homeShows(async (page, errors) => {
      const path = await product(page);
      // A first visit to the product page: the server reads the new answer, named by the catalog's build,
      // renders it and hands it to the browser with the page (docs/ssr.md).
      const html = await (await page.request.get(path, { headers: { Accept: 'text/html' } })).text();
      expect(html).toMatch(/<section aria-label="Shoppers also liked"><a [^>]*href="\/product\//);
      expect(html).toContain('"queryKey":["products","top","also-liked"]');
      await page.goto(path);
      const alsoLiked = page.getByRole('region', { name: 'Shoppers also liked' });
      await alsoLiked.getByRole('link').first().waitFor({ timeout: 5_000 });
      await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
      expect(errors).toEqual([]);
    });

    expect(statSync(join(shellFiles, 'index.html')).mtimeMs).toBe(shellBuiltAt);
    release('use', 'catalog', builds.original);
    await homeShows((page) => heading(page, 'Latest Products'));
  });

  it("refuses a build that needs another @shop/ui than the shell's: the catalog's notice, the rest of the page works", async () => {
    publishAndUse('catalog', builds.incompatible);

    await homeShows(async (page, errors) => {
      await page.getByRole('alert').filter({ hasText: NOTICE }).waitFor({ timeout: 5_000 });
      await page.getByRole('link', { name: 'Cart' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Latest Products' }).count()).toBe(0);
      // Refused for the version, by the Module Federation runtime: not some other failure.
      expect(errors.join('\n')).toMatch(/@shop\/ui[\s\S]*\^2\.0\.0|\^2\.0\.0[\s\S]*@shop\/ui/);
    });

    release('use', 'catalog', builds.original);
    await homeShows((page) => heading(page, 'Latest Products'));
  });
});

describe('a page keeps the builds it started with (skew protection)', () => {
  /** Every route of spec section 2, as a shopper (a guest) reaches them. */
  const ROUTES = ['/', '/page/2', '/search/phone', '/product/{product}', '/cart', '/login', '/register', '/profile', '/shipping', '/payment', '/placeorder', '/order/{product}', '/admin/userList', '/admin/users/{product}/edit', '/admin/productList', '/admin/product/{product}/edit', '/admin/orderList', '/admin/releases'];

  /** A client-side navigation, as a link click does it: the page is not reloaded. */
  const navigate = (page: Page, path: string) =>
    page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);

  const inlineRemotes = async (page: Page) => JSON.parse((await page.locator('#shop-remotes').textContent()) ?? '{}') as Record<string, string>;

  /** Opens the shop and records what goes wrong on the page: errors, failed script loads, notices. */
  async function openShop(home = 'Latest Products') {
    const context = await browser.newContext({ baseURL: shop.base });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.url().includes('/mf/') && response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/');
    await heading(page, home);
    const product = (await page.locator('a[href^="/product/"]').first().getAttribute('href'))?.split('/')[2] ?? '';
    return { context, page, problems, product };
  }

  /** Visits every route without reloading; each renders its remote's page, none the unavailable notice. */
  async function throughEveryRoute(page: Page, product: string): Promise<void> {
    for (const route of ROUTES) {
      await navigate(page, route.replace('{product}', product));
      await page.waitForLoadState('networkidle');
      await page.locator('main').waitFor();
      expect(await page.getByText(NOTICE).count()).toBe(0);
    }
  }

  it('keeps running the builds it loaded across a release of all three remotes, then takes the new ones on reload', async () => {
    release('use', 'catalog', builds.original);
    await homeShows((page) => heading(page, 'Latest Products'));
    const { context, page, problems, product } = await openShop();
    const before = await inlineRemotes(page);

    const next = { catalog: publishAndUse('catalog', builds.newest), checkout: publishAndUse('checkout', builds.checkoutNext), admin: publishAndUse('admin', builds.adminNext) };
    await homeShows((fresh) => heading(fresh, 'Newest Products'));

    await throughEveryRoute(page, product);
    expect(problems).toEqual([]);
    // Still the builds it started with: the home page it comes back to is the old one.
    await navigate(page, '/');
    await heading(page, 'Latest Products');

    await page.reload();
    await heading(page, 'Newest Products');
    const after = await inlineRemotes(page);
    for (const remote of ['catalog', 'checkout', 'admin'] as const) {
      expect(after[remote]).toContain(`/mf/${remote}/${next[remote]}/`);
      expect(after[remote]).not.toBe(before[remote]);
    }
    await context.close();
  });

  it("moves a remote to its current build when the page's build of it is gone, instead of failing the navigation", async () => {
    const newest = publishAndUse('catalog', builds.newest);
    await homeShows((page) => heading(page, 'Newest Products'));
    // A page that has shown the home page only: the product page's chunks of this build are not loaded yet.
    const { context, page, problems, product } = await openShop('Newest Products');

    // Released again, and the build the page runs removed at once (a retention of 0 for the release tool).
    release('use', 'catalog', builds.original);
    execFileSync(process.execPath, [releaseTool, 'prune'], { env: { ...process.env, MF_RELEASES_DIR: releasesDir, MF_BUILD_RETENTION_MINUTES: '0' } });
    // Once the gateway has seen the release (it looks at the file at most once a second), as a new visitor shows.
    await homeShows((visitor) => heading(visitor, 'Latest Products'));

    await navigate(page, `/product/${product}`);
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText(NOTICE).count()).toBe(0);
    // The old build's chunk was refused (that is the point), and nothing threw.
    expect(problems.filter((problem) => problem.startsWith('page error'))).toEqual([]);
    expect(problems.some((problem) => problem.startsWith('404') && problem.includes(`/mf/catalog/${newest}/`))).toBe(true);
    await context.close();
  });
});
