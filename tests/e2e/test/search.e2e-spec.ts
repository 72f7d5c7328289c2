/**
 * Search in a real browser (docs/catalog.md, docs/catalog-mf.md, docs/shell.md): the header's box
 * suggests products as the shopper types and is driven by the keyboard; a search's results page offers
 * facets and an order, all kept in the address through reload and back. The shop is started as the
 * README starts it (the built launcher), with its own instance prefix, ports and data folder, and the
 * demo catalog.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { deleteStream, dropDatabases, freeBasePort, launchChromium, startShop, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL, type RunningShop } from '@shop/testing';
import { accessibilityProblems, screenshot, type AccessibilityProblem } from '../src/browser.js';
import { eventually } from '../src/e2e-shop.js';

const launcher = fileURLToPath(new URL('../../../tools/launcher/dist/main.js', import.meta.url));

let shop: RunningShop;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let prefix: string;
let dataDir: string;
const pageErrors: string[] = [];
const a11yProblems: AccessibilityProblem[] = [];

beforeAll(async () => {
  prefix = testPrefix();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-search-'));
  const port = await freeBasePort();
  await Promise.all([
    startShop(launcher, { PORT: String(port), INSTANCE_PREFIX: prefix, DATA_DIR: dataDir, DATABASE_URL: TEST_DATABASE_URL, NATS_URL: TEST_NATS_URL }).then(
      (started) => (shop = started),
    ),
    launchChromium().then((launched) => (browser = launched)),
  ]);
  context = await browser.newContext({ baseURL: shop.base, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  // Every page says when its shell is ready (hydrated): a click on a server-rendered page before then is
  // held and replayed, so a checkbox would not change at the click (docs/ssr.md, "First paint").
  await page.addInitScript(() => window.addEventListener('shop:ready', () => document.documentElement.setAttribute('data-test-ready', '')));
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  const code = await shop?.stop();
  await dropDatabases(prefix);
  await deleteStream(prefix);
  rmSync(dataDir, { recursive: true, force: true });
  expect(code).toBe(0);
});

/** The results' product names, in order. */
const resultNames = (page: Page) => page.locator('main article h2 a').allInnerTexts();

/** Waits until the results are these names, in this order (they change once the new answer is in). */
async function resultsBecome(page: Page, names: string[], timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let shown: string[] = [];
  while (Date.now() < until) {
    shown = await resultNames(page);
    if (JSON.stringify(shown) === JSON.stringify(names)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(shown).toEqual(names);
}

describe('search', () => {
  it("suggests products in the header's box as the shopper types, and opens the one chosen with the keyboard", async () => {
    await page.goto('/');
    // Catalog's box replaces the shell's plain one once loaded: a combobox.
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.waitFor();
    await box.click();
    await box.pressSequentially('ipho', { delay: 40 });
    const listbox = page.getByRole('listbox', { name: 'Suggested products' });
    await listbox.getByRole('option', { name: /iPhone 15 Pro 256GB/ }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('status').filter({ hasText: /suggestions? available/ }).waitFor({ state: 'attached' });
    await screenshot(page, 'search-01-suggestions');

    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL('**/product/*');
    await page.getByRole('heading', { name: 'iPhone 15 Pro 256GB' }).waitFor();
  });

  it('closes the suggestions with Escape, and Enter searches; a misspelt word still finds', async () => {
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('');
    await box.pressSequentially('camra', { delay: 40 });
    await page.getByRole('option', { name: /Canon EOS R50/ }).waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('Enter');
    await page.waitForURL('**/search/camra');
    await page.getByRole('link', { name: 'Canon EOS R50 Mirrorless Camera' }).first().waitFor();
  });

  it('narrows a search with a facet and sorts it, all in the address, kept by reload and undone by back', async () => {
    await page.goto('/search/pro');
    await page.locator('html[data-test-ready]').waitFor({ state: 'attached' });
    const filters = page.getByRole('region', { name: 'Filters' });
    const apple = filters.getByRole('checkbox', { name: /^Apple \(\d+\)$/ });
    await apple.waitFor();
    // A click, not check(): the box shows the address's filters, so it turns checked once the address has
    // changed, a render after the click (check() looks at once, and may see it unchecked still).
    await apple.click();
    await page.waitForURL(/\/search\/pro\?brand=Apple$/);
    await page.getByText('3 products found').waitFor();

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
    await page.waitForURL(/\/search\/pro\?brand=Apple&sort=price-desc$/);
    await resultsBecome(page, ['MacBook Pro 14-inch M3 Pro', 'iPhone 15 Pro 256GB', 'AirPods Pro (2nd generation)']);
    await screenshot(page, 'search-02-facets-sorted');
    a11yProblems.push(...(await accessibilityProblems(page, 'search-02-facets-sorted')));

    // Rendered on the server with the filters (docs/ssr.md), and the same after hydration.
    const response = await page.reload();
    expect(await response?.text()).toContain('MacBook Pro 14-inch M3 Pro');
    expect(await page.getByRole('region', { name: 'Filters' }).getByRole('checkbox', { name: /^Apple/ }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price-desc');
    await resultsBecome(page, ['MacBook Pro 14-inch M3 Pro', 'iPhone 15 Pro 256GB', 'AirPods Pro (2nd generation)']);

    await page.goBack();
    await page.waitForURL(/\/search\/pro\?brand=Apple$/);
    // The address changes at once on back; the select follows it a render later.
    await eventually(async () => expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('relevance'));
  });

  it("keeps a filter when the order is chosen before the page has re-rendered for it (a phone's CPU, slowed 8×)", async () => {
    // The router renders a new address in a transition: on a slow phone the page shows the filters of
    // the address before for a while, and a change then must apply to the address now shown.
    const slow = await context.newPage();
    await slow.addInitScript(() => window.addEventListener('shop:ready', () => document.documentElement.setAttribute('data-test-ready', '')));
    slow.on('pageerror', (error) => pageErrors.push(`${slow.url()}: ${error.message}`));
    const cdp = await context.newCDPSession(slow);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const addresses: string[] = [];
    for (let round = 0; round < 4; round++) {
      await slow.goto('/search/pro');
      await slow.locator('html[data-test-ready]').waitFor({ state: 'attached', timeout: 60_000 });
      await slow.getByRole('region', { name: 'Filters' }).getByRole('checkbox', { name: /^Apple \(\d+\)$/ }).click();
      await slow.waitForURL(/\/search\/pro\?brand=Apple$/);
      await slow.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
      await slow.waitForURL(/sort=price-desc/);
      addresses.push(new URL(slow.url()).search);
    }
    await slow.close();
    expect(addresses).toEqual(Array(4).fill('?brand=Apple&sort=price-desc'));
  }, 180_000);

  it('had no uncaught errors and no serious accessibility problems', () => {
    expect(pageErrors).toEqual([]);
    expect(a11yProblems).toEqual([]);
  });
});
