/**
 * The admin dashboard in a real browser, against the shop as the README starts it (its own instance
 * prefix, ports and data folder): an admin opens Admin → Dashboard and reads the four charts' numbers
 * in their tables, before and after a shopper places and pays an order; chart.js is downloaded by the
 * dashboard only, never by the home page or another admin page.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { accessibilityProblems, readmeScreenshot, screenshot } from '../src/browser.js';
import { startE2eShop, type E2eShop } from '../src/e2e-shop.js';


const ADMIN = { email: 'owner@example.com', password: 'owner-secret-1' };
const SHOPPER = { name: 'Dana Dashboard', email: `dana-${Date.now()}@example.com`, password: 'dana-secret-1' };
/** 2 of them cost 199.98: shipping free, tax 20.00, total 219.98. */
const PRODUCT = { search: 'Logitech', name: 'Logitech MX Master 3S Wireless Mouse' };
/** A string only chart.js's code holds: the chunk that has it is chart.js's. */
const CHART_JS_MARK = "can't acquire context";

let e2e: E2eShop;
const pageErrors: string[] = [];

async function adminContext(): Promise<BrowserContext> {
  // Asking for less motion: the charts are drawn at once, without animation, so what a screenshot keeps is final.
  const context = await e2e.browser.newContext({ baseURL: e2e.shop.base, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Admin', exact: true }).waitFor();
  await page.close();
  return context;
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  return page;
}

/** The rows of the numbers table of the figure captioned `caption`, each as its cells' texts. */
async function rowsOf(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('figure', { name: caption }).getByRole('table');
  await table.waitFor({ state: 'attached' });
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? '')));
}

/** The scripts a page downloads from the admin remote, by file name. */
function adminScripts(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/mf/admin/') && response.url().endsWith('.js')) scripts.push(response);
  });
  return scripts;
}

const fileOf = (response: Response) => new URL(response.url()).pathname.split('/').pop() ?? '';
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  e2e = await startE2eShop('dashboard', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
}, 180_000);

afterAll(async () => {
  expect(await e2e?.stop()).toBe(0);
  expect(pageErrors).toEqual([]);
});

describe('the admin dashboard', () => {
  let admin: BrowserContext;
  /** chart.js's chunk, as the dashboard downloaded it. */
  let chartChunk = '';

  beforeAll(async () => {
    admin = await adminContext();
  }, 60_000);
  afterAll(() => admin?.close());

  it('opens from Admin → Dashboard with four charts, each with its numbers, and downloads chart.js there', async () => {
    const page = await newPage(admin);
    const scripts = adminScripts(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect(page.title()).resolves.toBe('Dashboard | ProShop');
    for (const caption of ['Sales per day (last 30 days)', 'Orders by state', 'Top products (last 30 days)', 'Low stock']) {
      await page.getByRole('figure', { name: caption }).waitFor();
    }
    await page.getByRole('figure', { name: 'Low stock' }).getByRole('img').waitFor();
    // A fresh shop: 30 days without sales, no orders, no best seller; the demo catalog's three products at 5 or under.
    const sales = await rowsOf(page, 'Sales per day (last 30 days)');
    expect(sales).toHaveLength(30);
    expect(sales.at(-1)).toEqual([today(), '0', '$0.00']);
    await page.getByText('No sales in the last 30 days.').waitFor();
    expect(await rowsOf(page, 'Low stock')).toEqual([
      ['PlayStation 5 Console', '0'],
      ['MacBook Pro 14-inch M3 Pro', '4'],
      ['Canon EOS R50 Mirrorless Camera', '5'],
    ]);
    // Drawn: chart.js sizes each canvas it draws on to its box (inline styles), the three with data.
    await page.waitForFunction(() => Array.from(document.querySelectorAll('figure canvas')).every((canvas) => (canvas as HTMLElement).style.width !== ''));
    await expect(page.locator('figure canvas').count()).resolves.toBe(3);

    const bodies = await Promise.all(scripts.map(async (response) => ({ file: fileOf(response), text: await response.text() })));
    chartChunk = bodies.find((body) => body.text.includes(CHART_JS_MARK))?.file ?? '';
    expect(chartChunk).toMatch(/\.js$/);
    expect(bodies.filter((body) => body.text.includes(CHART_JS_MARK))).toHaveLength(1);
    expect(await accessibilityProblems(page, '22-admin-dashboard-empty')).toEqual([]);
    await page.close();
  });

  it('is not downloaded by the home page or the orders table', async () => {
    for (const path of ['/', '/admin/orderList']) {
      const page = await newPage(admin);
      const scripts = adminScripts(page);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(requested.filter((file) => file.endsWith(`/${chartChunk}`))).toEqual([]);
      for (const response of scripts) expect(await response.text()).not.toContain(CHART_JS_MARK);
      await page.close();
    }
  });

  it('counts a paid order in sales, states and top products', async () => {
    const shopper = await e2e.browser.newContext({ baseURL: e2e.shop.base, viewport: { width: 1280, height: 900 } });
    try {
      const page = await newPage(shopper);
      await page.goto('/register');
      await page.getByLabel('Name').fill(SHOPPER.name);
      await page.getByLabel('Email Address').fill(SHOPPER.email);
      await page.getByLabel('Password', { exact: true }).fill(SHOPPER.password);
      await page.getByLabel('Confirm Password').fill(SHOPPER.password);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByRole('button', { name: SHOPPER.name }).waitFor();
      await page.goto(`/search/${PRODUCT.search}`);
      await page.getByRole('link', { name: PRODUCT.name }).first().click();
      await page.waitForURL('**/product/*');
      await page.getByLabel(/qty|quantity/i).selectOption('2');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForURL('**/cart**');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL('**/shipping');
      await page.getByLabel('Address').fill('1 Main Street');
      await page.getByLabel('City').fill('Springfield');
      await page.getByLabel('Postal Code').fill('12345');
      await page.getByLabel('Country').fill('USA');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/payment');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/placeorder');
      await page.getByText('$219.98').first().waitFor();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL('**/order/*');
      const paypal = page.getByRole('button', { name: 'PayPal' });
      await paypal.waitFor({ timeout: 30_000 });
      await paypal.click();
      await page.getByText(/^Paid on \d{4}-\d{2}-\d{2}/).waitFor({ timeout: 30_000 });
    } finally {
      await shopper.close();
    }

    const page = await newPage(admin);
    await page.goto('/admin/dashboard');
    await page.getByRole('figure', { name: 'Top products (last 30 days)' }).getByRole('table').waitFor({ state: 'attached' });
    expect((await rowsOf(page, 'Sales per day (last 30 days)')).at(-1)).toEqual([today(), '1', '$219.98']);
    expect(await rowsOf(page, 'Orders by state')).toEqual([
      ['Awaiting stock', '0'],
      ['Awaiting payment', '0'],
      ['Paid, not delivered', '1'],
      ['Delivered', '0'],
      ['Cancelled', '0'],
      ['Refunded', '0'],
    ]);
    expect(await rowsOf(page, 'Top products (last 30 days)')).toEqual([[PRODUCT.name, '2', '$199.98']]);
    await screenshot(page, '23-admin-dashboard');
    await readmeScreenshot(page, 'admin-dashboard');
    expect(await accessibilityProblems(page, '23-admin-dashboard')).toEqual([]);
    await page.close();
  });

  it('sends a shopper who is not an admin to /login', async () => {
    const guest = await e2e.browser.newContext({ baseURL: e2e.shop.base });
    try {
      const page = await newPage(guest);
      await page.goto('/admin/dashboard');
      await page.waitForURL('**/login');
    } finally {
      await guest.close();
    }
  });
});
