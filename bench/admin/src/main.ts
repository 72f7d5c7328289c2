/**
 * `npm run bench:admin`: the admin users and orders tables at real size, measured, never asserted.
 * Starts the shop as `npm start` does (its own instance prefix, ports and data folder; its databases,
 * JetStream stream and folder are removed afterwards, also on Ctrl-C), seeds BENCH_USERS customers
 * and BENCH_ORDERS orders straight into the services' databases (seed.ts), then:
 * - times GET /api/users and GET /api/orders through the gateway, page 1 and the middle page, one
 *   request at a time, BENCH_ROUNDS rounds after a warm-up: median, p95 and max;
 * - shows how PostgreSQL runs each page query (EXPLAIN ANALYZE: the index it reads, how long);
 * - times the admin dashboard's reads (GET /api/orders/dashboard, GET /api/products/low-stock: p50, p95, p99)
 *   and explains the dashboard's statements (dashboard.ts);
 * - loads /admin/userList, /admin/orderList and their middle pages in Debian's chromium as a signed-in
 *   admin, BENCH_BROWSER_RUNS cold loads each (a fresh context: empty cache), until the table's first
 *   row shows; then, in the last context, a click on the next page's link until its rows show.
 * Figures depend on the machine; compare runs on the same one.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_PAGE_SIZE, type UserInfoDto } from '@shop/contracts';
import { launchChromium, startIsolatedShop, type IsolatedShop } from '@shop/testing';
import { measureDashboard, measureDashboardPlans } from './dashboard.js';
import { planOf, seedShop } from './seed.js';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const launcher = fileURLToPath(new URL('../../../tools/launcher/dist/main.js', import.meta.url));
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-secret' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * p) - 1)] ?? NaN;
const ms = (value: number) => value.toFixed(1).padStart(8);

/** A table, one of its pages, and the view asked (search, sort, filters) if any. */
interface TablePage {
  table: 'users' | 'orders';
  page: number;
  view?: string;
}

const apiPath = ({ table, page, view }: TablePage) => `/api/${table}?pageNumber=${page}${view ? `&${view}` : ''}`;
const screenPath = ({ table, page }: TablePage) => (page === 1 ? `/admin/${table === 'users' ? 'userList' : 'orderList'}` : `/admin/${table === 'users' ? 'userlist' : 'orderlist'}/${page}`);

async function timedGet(shop: IsolatedShop, path: string, token: string): Promise<{ ms: number; body: unknown; total: number }> {
  const started = performance.now();
  const res = await fetch(`${shop.base}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } });
  const text = await res.text();
  const took = performance.now() - started;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return { ms: took, body: JSON.parse(text), total: Number(res.headers.get('x-total-count')) };
}

async function measureApi(shop: IsolatedShop, token: string, pages: TablePage[]): Promise<void> {
  console.log(`\nThrough the gateway, one request at a time, ${ROUNDS} rounds after 3 warm-up requests (ms)`);
  console.log('call                                                    rows   first   median      p95      max');
  for (const target of pages) {
    const first = await timedGet(shop, apiPath(target), token);
    for (let i = 0; i < 2; i++) await timedGet(shop, apiPath(target), token);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) times.push((await timedGet(shop, apiPath(target), token)).ms);
    const rows = Array.isArray(first.body) ? first.body.length : 0;
    console.log(
      [`GET ${apiPath(target)}`.padEnd(54), String(rows).padStart(5), ms(first.ms), ms(median(times)), ms(percentile(times, 0.95)), ms(Math.max(...times))].join(' '),
    );
  }
}

/**
 * The CSV exports of every user and every order, streamed through the gateway: time to the first byte,
 * to the last, and the size. Read as a client reads a download, chunk by chunk (never held whole here).
 */
async function measureExports(shop: IsolatedShop, token: string): Promise<void> {
  console.log('\nCSV exports through the gateway, every row, one at a time (3 runs each)');
  console.log('export                      first byte ms   whole ms      MB     lines');
  for (const path of ['/api/users/export', '/api/orders/export']) {
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const res = await fetch(`${shop.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok || !res.body) throw new Error(`${path} answered ${res.status}`);
      let firstByte = 0;
      let bytes = 0;
      let lines = 0;
      const reader = res.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const chunk = read.value;
        firstByte ||= performance.now() - started;
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      const whole = performance.now() - started;
      console.log(`${path.padEnd(28)}${ms(firstByte)}   ${ms(whole)} ${(bytes / 1e6).toFixed(2).padStart(7)} ${String(lines - 1).padStart(9)}`);
    }
  }
}

async function measurePlans(shop: IsolatedShop, middle: { users: number; orders: number }): Promise<void> {
  console.log('\nHow PostgreSQL runs the page queries (EXPLAIN ANALYZE, middle page)');
  const plans: [string, 'users' | 'orders', string, unknown[]][] = [
    // What UsersService.list asks: the page and the count.
    [
      'users page',
      'users',
      'SELECT id, name, email, is_admin FROM app_user ORDER BY created_at ASC, id ASC OFFSET $1 LIMIT $2',
      [(middle.users - 1) * DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE],
    ],
    ['users count', 'users', 'SELECT count(*)::int AS count FROM app_user', []],
    // What OrdersService.list asks: the page's ids, the count (then the 20 orders by id).
    [
      'orders page ids',
      'orders',
      'SELECT id FROM customer_order ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2',
      [(middle.orders - 1) * DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE],
    ],
    ['orders count', 'orders', 'SELECT count(*)::int AS count FROM customer_order', []],
  ];
  for (const [name, service, sql, parameters] of plans) {
    const plan = await planOf(shop.prefix, service, sql, parameters);
    console.log(`${name.padEnd(16)} ${plan.ms.toFixed(2).padStart(7)} ms  ${plan.scan}`);
  }
}

async function adminContext(browser: Browser, admin: UserInfoDto): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((info) => localStorage.setItem('userInfo', JSON.stringify(info)), admin);
  return context;
}

/** The text of the table's first row header (its id), once a row shows. */
async function firstRowId(page: Page): Promise<string> {
  const header = page.locator('tbody th[scope="row"]').first();
  await header.waitFor({ timeout: 30_000 });
  return (await header.textContent()) ?? '';
}

/** Opens a table page as a first visit would; answers the time until its first row shows. */
async function loadTable(page: Page, shop: IsolatedShop, target: TablePage): Promise<number> {
  const started = performance.now();
  await page.goto(`${shop.base}${screenPath(target)}`);
  await firstRowId(page);
  return performance.now() - started;
}

/** Clicks the link to the next page in the table's pagination; answers the time until that page's rows show. */
async function nextPage(page: Page, current: number): Promise<number> {
  const before = await firstRowId(page);
  const started = performance.now();
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: String(current + 1), exact: true }).click();
  await page.waitForFunction((previous) => {
    const header = document.querySelector('tbody th[scope="row"]');
    return header !== null && header.textContent !== previous;
  }, before);
  return performance.now() - started;
}

async function measureBrowser(browser: Browser, shop: IsolatedShop, admin: UserInfoDto, pages: TablePage[]): Promise<void> {
  console.log(`\nIn chromium at 1280 x 900, signed in as an admin: ${BROWSER_RUNS} cold loads each (empty cache) until the first row shows (ms)`);
  console.log('screen                          median      p95      max  | next page by its link, warm');
  for (const target of pages) {
    const loads: number[] = [];
    let switchMs = NaN;
    for (let run = 0; run < BROWSER_RUNS; run++) {
      const context = await adminContext(browser, admin);
      try {
        const page = await context.newPage();
        loads.push(await loadTable(page, shop, target));
        if (run === BROWSER_RUNS - 1) switchMs = await nextPage(page, target.page);
      } finally {
        await context.close();
      }
    }
    console.log([screenPath(target).padEnd(28), ms(median(loads)), ms(percentile(loads, 0.95)), ms(Math.max(...loads)), ' |', ms(switchMs)].join(' '));
  }
}

/**
 * The settings this bench's shop runs with that are not the shop's defaults (docs/settings.md), and why;
 * printed before the figures. startIsolatedShop itself sets LOG_LEVEL=warn.
 */
const CHANGED_SETTINGS: { name: string; value: string; byDefault: string; why: string }[] = [
  { name: 'LOG_LEVEL', value: 'warn', byDefault: 'info', why: 'the bench harness: warnings and errors only, so that per-request log lines are not measured' },
  { name: 'ADMIN_EMAIL', value: ADMIN.email, byDefault: 'admin@example.com', why: "the bench's admin account, which reads the tables" },
  { name: 'ADMIN_PASSWORD', value: '(set)', byDefault: 'unset', why: "the bench's admin account" },
  {
    name: 'RATE_LIMIT_PER_MINUTE',
    value: '1000000',
    byDefault: '600',
    why: "every timed request and every chromium page load comes from one address, the admin's: lifted so that no 429 can cut a timing short",
  },
];

async function main(): Promise<void> {
  console.log(
    ['settings changed from the defaults:', ...CHANGED_SETTINGS.map(({ name, value, byDefault, why }) => `  ${name}=${value} (default ${byDefault}; ${why})`)].join('\n'),
  );
  const settings = Object.fromEntries(CHANGED_SETTINGS.filter(({ name }) => name !== 'LOG_LEVEL').map(({ name, value }) => [name, value]));
  const shop = await startIsolatedShop(launcher, { ...settings, ADMIN_PASSWORD: ADMIN.password });
  const interrupted = () => {
    void shop.remove().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let browser: Browser | undefined;
  try {
    console.log(`Shop at ${shop.base} (instance ${shop.prefix})`);
    const seeded = await seedShop(shop.prefix, { users: USERS, orders: ORDERS });
    console.log(`Seeded ${seeded.users} users, ${seeded.orders} orders and ${seeded.lines} order lines in ${(seeded.ms / 1000).toFixed(1)} s (bulk SQL)`);

    const login = await fetch(`${shop.base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const admin = (await login.json()) as UserInfoDto;
    const pagesOf = async (table: 'users' | 'orders') => Math.ceil((await timedGet(shop, apiPath({ table, page: 1 }), admin.token)).total / DEFAULT_PAGE_SIZE);
    const users = { pages: await pagesOf('users') };
    const orders = { pages: await pagesOf('orders') };
    const middle = { users: Math.ceil(users.pages / 2), orders: Math.ceil(orders.pages / 2) };
    console.log(`users: ${users.pages} pages of ${DEFAULT_PAGE_SIZE}; orders: ${orders.pages} pages of ${DEFAULT_PAGE_SIZE}; middle pages ${middle.users} and ${middle.orders}`);
    const pages: TablePage[] = [
      { table: 'users', page: 1 },
      { table: 'users', page: middle.users },
      { table: 'orders', page: 1 },
      { table: 'orders', page: middle.orders },
    ];
    // The tables' search, sort and filters (docs/admin-tables.md): the worst cases are a search that
    // matches anywhere in 50,000 rows, a sort with no index behind it, and a deep page of either.
    const views: TablePage[] = [
      { table: 'users', page: 1, view: 'search=customer%2012' },
      { table: 'users', page: middle.users, view: 'sort=name&direction=desc' },
      { table: 'orders', page: 1, view: 'search=customer%2012' },
      { table: 'orders', page: 1, view: 'paid=false&delivered=false' },
      { table: 'orders', page: middle.orders, view: 'sort=totalPrice&direction=desc' },
      { table: 'orders', page: 1, view: 'from=2026-01-01&to=2026-06-30&sort=userName' },
    ];

    await measureApi(shop, admin.token, [...pages, ...views]);
    await measureExports(shop, admin.token);
    await measurePlans(shop, middle);
    await measureDashboard(shop, admin.token, Math.max(ROUNDS, 100));
    await measureDashboardPlans(shop);
    if (BROWSER_RUNS > 0) {
      browser = await launchChromium();
      console.log(`\nchromium ${browser.version()}`);
      await measureBrowser(browser, shop, admin, pages);
    }
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await browser?.close();
    await shop.remove();
  }
}

await main();
