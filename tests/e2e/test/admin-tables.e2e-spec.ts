/**
 * The admin users and orders tables in a real browser (issue 26, section 2), against the shop started
 * as the README starts it (its own instance prefix, ports and data folder): search, sort by a column
 * heading, the orders' filters, all kept in the address across a reload, and the CSV export saved as a
 * download. The calls answer the spec's arrays; the tables read their totals from the headers.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import type { OrderDto, ProductListDto, UserInfoDto } from '@shop/contracts';
import { accessibilityProblems, chromiumNamesOf, screenshot, type AccessibilityProblem } from '../src/browser.js';
import { eventually, startE2eShop, type E2eShop } from '../src/e2e-shop.js';
const ADMIN = { email: 'tables-admin@example.com', password: 'tables-admin-secret-1' };
const run = Date.now();
/** Customers whose names sort differently from their sign-up order. */
const CUSTOMERS = [
  { name: 'Zed Alpha', email: `zed-${run}@example.com`, password: 'zed-secret-123' },
  { name: 'amy Beta', email: `amy-${run}@example.com`, password: 'amy-secret-123' },
  { name: 'Mia Gamma', email: `mia-${run}@example.com`, password: 'mia-secret-123' },
];

let e2e: E2eShop;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const a11yProblems: AccessibilityProblem[] = [];
/** The order Mia placed (unpaid). */
let miasOrder: OrderDto;

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${e2e.shop.base}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), Prefer: 'wait=10' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The text of one column of the table on screen, row by row. */
async function column(index: number): Promise<string[]> {
  return page.locator('table tbody tr').evaluateAll((rows, at) => rows.map((row) => row.children[at]?.textContent ?? ''), index);
}

async function look(name: string): Promise<void> {
  await screenshot(page, name);
  a11yProblems.push(...(await accessibilityProblems(page, name)));
}

beforeAll(async () => {
  e2e = await startE2eShop('tables', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const signedUp: UserInfoDto[] = [];
  for (const customer of CUSTOMERS) signedUp.push(await api<UserInfoDto>('/api/users', { method: 'POST', body: customer }));
  const { products } = await api<ProductListDto>('/api/products');
  const product = products.find((candidate) => candidate.countInStock > 0);
  if (!product) throw new Error('the demo catalog has no product in stock');
  miasOrder = await api<OrderDto>('/api/orders', {
    method: 'POST',
    token: signedUp[2]?.token,
    body: {
      orderItems: [{ product: product._id, quantity: 1 }],
      shippingAddress: { address: '1 Table Street', city: 'Springfield', postalCode: '12345', country: 'USA' },
      paymentGateway: 'PayPal',
    },
  });

  context = await e2e.browser.newContext({ baseURL: e2e.shop.base, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Admin', exact: true }).waitFor();
}, 180_000);

afterAll(async () => {
  await context?.close();
  expect(await e2e?.stop()).toBe(0);
});

describe('the admin users table', () => {
  it('lists every user with how many there are, and finds one by a part of the name or email', async () => {
    await page.goto('/admin/userList');
    await page.getByRole('cell', { name: CUSTOMERS[0]?.email, exact: true }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: /users$/ }).textContent()).resolves.toBe('4 users');
    await look('22-admin-users-search');

    const search = page.getByRole('search', { name: 'Search users by name or email' });
    await search.getByRole('searchbox').fill('BETA');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/admin/userlist/1?search=BETA');
    await page.getByRole('status').filter({ hasText: '1 user' }).waitFor();
    expect(await column(1)).toEqual(['amy Beta']);
  });

  it('sorts by name with its heading, either way, and keeps the sort across a reload', async () => {
    await page.goto('/admin/userList');
    await page.getByRole('cell', { name: CUSTOMERS[0]?.email, exact: true }).waitFor();
    const name = page.getByRole('columnheader', { name: 'NAME' });
    await name.getByRole('link').click();
    await page.waitForURL('**/admin/userlist/1?sort=name');
    // The address changes first; the table follows it on the next render.
    await eventually(async () => expect(await name.getAttribute('aria-sort')).toBe('ascending'));
    await eventually(async () => expect(await column(1)).toEqual(['Admin User', 'amy Beta', 'Mia Gamma', 'Zed Alpha']));
    await name.getByRole('link').click();
    await page.waitForURL('**/admin/userlist/1?sort=name&direction=desc');
    await page.reload();
    await eventually(async () => expect(await column(1)).toEqual(['Zed Alpha', 'Mia Gamma', 'amy Beta', 'Admin User']));
    await eventually(async () => expect(await page.getByRole('columnheader', { name: 'NAME' }).getAttribute('aria-sort')).toBe('descending'));
  });

  it('exports the users the search matches as a CSV download', async () => {
    await page.goto('/admin/userList?search=gamma');
    await page.getByRole('cell', { name: 'Mia Gamma', exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('id,name,email,admin,created');
    expect(lines.slice(1, -1)).toEqual([expect.stringMatching(new RegExp(`^[0-9a-f-]{36},Mia Gamma,${CUSTOMERS[2]?.email},false,\\d{4}-`))]);
  });
});

describe("the tables' column headings", () => {
  it("are heard as the spec's texts in Chromium, the sort arrows (CSS generated content) not part of them", async () => {
    await page.goto('/admin/userList?sort=name');
    await page.getByRole('cell', { name: CUSTOMERS[0]?.email, exact: true }).waitFor();
    const users = await chromiumNamesOf(page, 'columnheader');
    await page.goto('/admin/orderList?sort=totalPrice&direction=desc');
    await page.getByRole('rowheader', { name: miasOrder._id }).waitFor();
    const orders = await chromiumNamesOf(page, 'columnheader');

    for (const heading of ['NAME', 'EMAIL', 'ADMIN']) expect(users).toContain(heading);
    for (const heading of ['USER NAME', 'TOTAL', 'PAID', 'DELIVERED']) expect(orders).toContain(heading);
    // Sorted ascending, descending and not at all: no heading carries an arrow.
    expect([...users, ...orders].filter((name) => /[↕▲▼]/.test(name))).toEqual([]);
  });
});

describe('the admin orders table', () => {
  it("filters by payment, keeps the filter in the address across a reload, and finds an order by its customer's name", async () => {
    await page.goto('/admin/orderList');
    await page.getByRole('rowheader', { name: miasOrder._id }).waitFor();
    await page.getByLabel('Paid', { exact: true }).selectOption({ label: 'Paid' });
    await page.waitForURL('**/admin/orderlist/1?paid=true');
    await page.getByText('No orders found.').waitFor();
    await page.getByLabel('Paid', { exact: true }).selectOption({ label: 'Not paid' });
    await page.waitForURL('**/admin/orderlist/1?paid=false');
    await page.getByRole('rowheader', { name: miasOrder._id }).waitFor();
    await page.reload();
    await page.getByRole('rowheader', { name: miasOrder._id }).waitFor();
    await expect(page.getByLabel('Paid', { exact: true }).inputValue()).resolves.toBe('false');

    const search = page.getByRole('search', { name: 'Search orders by order id, customer name or email' });
    await search.getByRole('searchbox').fill('mia gamma');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/admin/orderlist/1?search=mia+gamma&paid=false');
    await page.getByRole('status').filter({ hasText: '1 order' }).waitFor();
    expect(await column(2)).toEqual(['Mia Gamma']);
    await look('23-admin-orders-filtered');
  });

  it('exports the orders the view matches as a CSV download with the amounts to the cent', async () => {
    await page.goto(`/admin/orderList?search=${miasOrder._id.slice(0, 8)}`);
    await page.getByRole('rowheader', { name: miasOrder._id }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,date,user id,user name,user email,status,items,shipping,tax,total,paid,delivered');
    expect(lines[1]).toContain(`${miasOrder._id},`);
    expect(lines[1]).toContain(`,Mia Gamma,${CUSTOMERS[2]?.email},`);
    expect(lines[1]).toContain(`,${miasOrder.totalPrice.toFixed(2)},`);
  });
});

describe('every page of the run', () => {
  it('threw no uncaught error', () => {
    expect(pageErrors).toEqual([]);
  });

  it('has no serious or critical accessibility problem at 375 px or 1280 px', () => {
    expect(a11yProblems).toEqual([]);
  });
});
