/**
 * A remote's new build goes to a share of the shoppers first, and the shop rolls it back by itself when
 * it fails them. Shoppers are browser contexts, each its own session; a context's cohort (the
 * shop_cohort cookie, 0–99) decides whether it gets a canary at 20 %: the tests give some contexts a
 * cohort inside and some outside, and let others get theirs from the gateway. The builds are the shop's
 * own catalog build changed after the fact, as a broken or harmless release would be:
 * - broken: its remoteEntry.js throws before it defines anything, so every page of it fails to load;
 * - identical: its remoteEntry.js ends with one more comment, a new build id that behaves the same.
 * They are released with tools/scripts/mf-release.mjs, as an operator would; the gateway counts what
 * the pages report (POST /api/page-reports) under the credential it served each page with, and judges the
 * canary every 2 s here, once it and the current build each have 3 verified sessions. Forged reports (made
 * up, or under a credential sent again or of another build) are sent beside the real ones and count nothing.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { deleteStream, dropDatabases, freeBasePort, launchChromium, startShop, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL, type RunningShop } from '@shop/testing';
import { accessibilityProblems } from '../src/browser.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const launcher = join(repo, 'tools/launcher/dist/main.js');
const releaseTool = join(repo, 'tools/scripts/mf-release.mjs');
const CANARY_PERCENT = 20;
const ADMIN = { email: 'releaser@example.com', password: 'releaser-secret-1' };

let shop: RunningShop;
let browser: Browser;
let prefix: string;
let dataDir: string;
let releasesDir: string;
const builds = { original: '', broken: '', identical: '', next: '' };

/** The gateway looks at the releases folder at most once a second: a release is everyone's a moment later. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

function release(...args: string[]): string {
  return execFileSync(process.execPath, [releaseTool, ...args], { env: { ...process.env, MF_RELEASES_DIR: releasesDir, MF_RELEASE_BY: 'e2e operator' }, encoding: 'utf8' }).trim();
}

interface Status {
  remotes: {
    name: string;
    current: { build: string; sessions: number; errorRatePercent: number | null } | null;
    canary: { build: string; percent: number; sessions: number; errorSessions: number; errors: number; loadFailures: number } | null;
  }[];
  actions: { who: string; action: string; remote: string; build: string; detail: string }[];
}

const status = (): Status => JSON.parse(release('status', '--json')) as Status;
const catalogOf = (value: Status) => value.remotes.find((remote) => remote.name === 'catalog');

/** A copy of the shop's catalog build with its remoteEntry.js changed by `change`. */
function catalogBuildWith(name: string, change: (remoteEntry: string) => string): string {
  const folder = join(dataDir, 'builds', name);
  cpSync(join(repo, 'apps/catalog-mf/dist'), folder, { recursive: true });
  const entry = join(folder, 'remoteEntry.js');
  writeFileSync(entry, change(readFileSync(entry, 'utf8')));
  // The build's compressed copies are of the old file: without them the gateway serves the changed one.
  rmSync(`${entry}.br`, { force: true });
  rmSync(`${entry}.gz`, { force: true });
  return folder;
}

/** A shopper: a fresh browser context, with a cohort when given, recording the catalog builds it loads. */
interface Shopper {
  context: BrowserContext;
  catalogBuilds: Set<string>;
  cohort: () => Promise<number>;
}

/** Shoppers come from many addresses, as a crowd does: each context's requests name its own (the gateway trusts loopback here). */
let shoppers = 0;

async function shopper(cohort?: number): Promise<Shopper> {
  shoppers++;
  const address = `198.51.100.${shoppers % 250}`;
  const context = await browser.newContext({ baseURL: shop.base, extraHTTPHeaders: { 'X-Forwarded-For': address } });
  if (cohort !== undefined) await context.addCookies([{ name: 'shop_cohort', value: String(cohort), url: shop.base }]);
  const catalogBuilds = new Set<string>();
  context.on('request', (request) => {
    const build = /\/mf\/catalog\/([0-9a-f]{10})\//.exec(request.url())?.[1];
    if (build) catalogBuilds.add(build);
  });
  return {
    context,
    catalogBuilds,
    cohort: async () => Number((await context.cookies(shop.base)).find((cookie) => cookie.name === 'shop_cohort')?.value ?? NaN),
  };
}

/** Opens the home page and waits until the page has sent its reports (views, errors) to the shop. */
async function visitHome(visitor: Shopper): Promise<void> {
  const page = await visitor.context.newPage();
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/page-reports'), { timeout: 40_000 });
  await page.goto('/');
  await reported;
  await page.close();
}

/**
 * Visits the home page as each of `visitors`, a few at a time: thirteen chromium pages at once on two
 * slower cores took their load event, idle moment and reports past visitHome's 15 s.
 */
async function visitHomes(visitors: Shopper[], atOnce = 4): Promise<void> {
  const waiting = [...visitors];
  await Promise.all(
    Array.from({ length: Math.min(atOnce, waiting.length) }, async () => {
      for (let visitor = waiting.shift(); visitor; visitor = waiting.shift()) await visitHome(visitor);
    }),
  );
}

/**
 * Sends forged beacons of errors of the identical canary from 100 addresses: without a credential, under
 * the credential of a real canary page (`inCanary`'s next page, once it has sent its own reports) sent again with
 * an error added, and under a real page of the current build (`outside`'s). Answers how many were sent.
 */
async function forgedErrorReports(inCanary: Shopper, outside: Shopper): Promise<number> {
  const credentialOf = async (visitor: Shopper): Promise<string> => {
    const page = await visitor.context.newPage();
    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/page-reports'), { timeout: 40_000 });
    await page.goto('/');
    // What the page sends with its beacons (a beacon's body is not given to playwright).
    const credential = await page.locator('meta[name="shop-page-session"]').getAttribute('content');
    await beacon;
    await page.close();
    if (!credential) throw new Error('the page carries no credential');
    return credential;
  };
  const [canaryPage, currentPage] = [await credentialOf(inCanary), await credentialOf(outside)];
  const error = { remote: 'catalog', build: builds.identical, kind: 'error', message: 'TypeError: forged' };
  let sent = 0;
  for (let round = 0; round < 3; round++) {
    await Promise.all(
      Array.from({ length: 100 }, async (_, n) => {
        const credential = [undefined, canaryPage, currentPage][(n + round) % 3];
        const res = await fetch(`${shop.base}/api/page-reports`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${n + 1}` },
          body: JSON.stringify({ session: `forged-${round}-${n}`, credential, reports: [{ remote: 'catalog', build: builds.identical, kind: 'view' }, error] }),
        });
        if (res.status !== 204) throw new Error(`a forged beacon got ${res.status}`);
        sent++;
      }),
    );
  }
  return sent;
}

async function until<T>(what: string, check: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  prefix = testPrefix();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-canary-'));
  releasesDir = join(dataDir, 'mf-releases');
  builds.original = release('publish', 'catalog', join(repo, 'apps/catalog-mf/dist'), '--use').split('\n')[0] ?? '';
  release('publish', 'checkout', join(repo, 'apps/checkout-mf/dist'), '--use');
  release('publish', 'admin', join(repo, 'apps/admin-mf/dist'), '--use');
  builds.broken = release('publish', 'catalog', catalogBuildWith('broken', (entry) => `throw new Error('a deliberately broken catalog build');\n${entry}`)).split('\n')[0] ?? '';
  builds.identical = release('publish', 'catalog', catalogBuildWith('identical', (entry) => `${entry}\n/* the same build, released again */\n`)).split('\n')[0] ?? '';
  builds.next = release('publish', 'catalog', catalogBuildWith('next', (entry) => `${entry}\n/* the next release */\n`)).split('\n')[0] ?? '';
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
      MF_CANARY_MIN_SESSIONS: '3',
      TRUST_PROXY: 'loopback',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MF_CANARY_CHECK_SECONDS: '2',
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
});

describe('a canary of a remote', () => {
  it('of a broken catalog build at 20 % is rolled back by the shop within 60 s, and no shopper outside the canary loads it', async () => {
    expect(new Set(Object.values(builds)).size).toBe(4);
    // Shoppers of the current build first, so it has sessions of its own to compare with.
    const outside = await Promise.all([25, 40, 55, 70, 85, 99].map((cohort) => shopper(cohort)));
    for (const visitor of outside.slice(0, 3)) await visitHome(visitor);

    const startedAt = Date.now();
    release('canary', 'catalog', builds.broken, String(CANARY_PERCENT));
    await settle();
    const inside = await Promise.all([2, 7, 11, 16].map((cohort) => shopper(cohort)));
    // Newcomers get a cohort from the gateway: each loads the canary exactly when it is below 20.
    const newcomers = await Promise.all(Array.from({ length: 6 }, () => shopper()));
    // The canary's shoppers and the newcomers all at once, before the rollback they bring about (a visit
    // after it gets the original build and no cohort); the rest of the outside shoppers after them.
    await visitHomes([...newcomers, ...inside], newcomers.length + inside.length);
    await visitHomes(outside.slice(3));

    const rolledBack = await until(
      'the broken canary rolled back',
      () => {
        const now = status();
        return catalogOf(now)?.canary === null ? now : undefined;
      },
      60_000 - (Date.now() - startedAt),
    );
    const seconds = (Date.now() - startedAt) / 1000;
    expect(seconds).toBeLessThan(60);
    const action = rolledBack.actions.find((entry) => entry.action === 'auto-rollback' && entry.build === builds.broken);
    expect(action).toMatchObject({ who: 'storefront (automatic rollback)', remote: 'catalog' });
    expect(action?.detail).toMatch(/^error rate 100 % over \d+ sessions against 0 % over \d+ sessions/);
    expect(catalogOf(rolledBack)?.current?.build).toBe(builds.original);

    for (const visitor of inside) expect([...visitor.catalogBuilds]).toContain(builds.broken);
    for (const visitor of outside) expect([...visitor.catalogBuilds]).toEqual([builds.original]);
    for (const visitor of newcomers) {
      const cohort = await visitor.cohort();
      expect(cohort).toBeGreaterThanOrEqual(0);
      if (cohort >= CANARY_PERCENT) expect([...visitor.catalogBuilds]).toEqual([builds.original]);
      else expect([...visitor.catalogBuilds]).toContain(builds.broken);
    }

    // The canary's shoppers are back on the current build at their next page, and it works for them.
    await settle();
    const page = await inside[0]!.context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Latest Products' }).waitFor({ timeout: 10_000 });
    await page.close();
    // The withdrawn build is no longer served, even to a page that asks for it by its address.
    expect((await fetch(`${shop.base}/mf/catalog/${builds.broken}/remoteEntry.js`)).status).toBe(404);
    for (const visitor of [...inside, ...outside, ...newcomers]) await visitor.context.close();
    process.stdout.write(`canary e2e: broken catalog canary rolled back after ${seconds.toFixed(1)} s\n`);
  }, 150_000);

  it('of a build that behaves like the current one goes 20 % → 50 % → 100 % with no rollback', async () => {
    release('canary', 'catalog', builds.identical, String(CANARY_PERCENT));
    await settle();
    const inside = await Promise.all([1, 5, 9, 13, 18].map((cohort) => shopper(cohort)));
    const outside = await Promise.all([30, 45, 60, 75, 90].map((cohort) => shopper(cohort)));
    await visitHomes([...inside, ...outside]);
    await until('the canary judged on its sessions', () => ((catalogOf(status())?.canary?.sessions ?? 0) >= 5 ? true : undefined), 20_000);

    // A flood of forged error reports against it (the fourth review): made up, under a real canary page's
    // credential sent again with errors added, and under a page of the current build. None counts.
    const forged = await forgedErrorReports(inside[0]!, outside[0]!);
    // Judged several times over with more than the minimum sessions: it holds.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const at20 = catalogOf(status())?.canary;
    // Its real page views: the inside shoppers' and the one whose credential was sent again.
    expect(at20).toMatchObject({ build: builds.identical, percent: 20, sessions: inside.length + 1, errorSessions: 0, errors: 0, loadFailures: 0 });
    process.stdout.write(`canary e2e: ${forged} forged error reports against a healthy canary, ${at20?.errorSessions ?? '?'} counted; it stayed at ${at20?.percent ?? '?'} %\n`);

    release('promote', 'catalog', '50');
    await settle();
    const atFifty = await Promise.all([25, 35, 45].map((cohort) => shopper(cohort)));
    await visitHomes(atFifty);
    for (const visitor of atFifty) expect([...visitor.catalogBuilds]).toEqual([builds.identical]);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(catalogOf(status())?.canary).toMatchObject({ build: builds.identical, percent: 50 });

    release('promote', 'catalog');
    await settle();
    const everyone = await shopper(99);
    await visitHome(everyone);
    expect([...everyone.catalogBuilds]).toEqual([builds.identical]);
    const done = status();
    expect(catalogOf(done)).toMatchObject({ current: { build: builds.identical }, canary: null });
    expect(done.actions.filter((entry) => entry.build === builds.identical).map((entry) => `${entry.who}: ${entry.action}`)).toEqual([
      'e2e operator (mf-release): promote',
      'e2e operator (mf-release): promote',
      'e2e operator (mf-release): canary',
      'e2e operator (mf-release): publish',
    ]);
    for (const visitor of [...inside, ...outside, ...atFifty, everyone]) await visitor.context.close();
  }, 120_000);

  it("is promoted and rolled back by an admin on the Releases page, each action logged with the admin's name", async () => {
    release('canary', 'catalog', builds.next, '10');
    const context = await browser.newContext({ baseURL: shop.base, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.251' } });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('link', { name: 'Releases' }).click();
    await page.waitForURL('**/admin/releases');
    await page.getByRole('heading', { name: 'Releases', level: 1 }).waitFor();

    // The canary row, with its share, and Promote to 50 %.
    await page.getByRole('row').filter({ hasText: builds.next }).filter({ hasText: 'Canary, 10 % of shoppers' }).waitFor();
    // The Releases page, as every other admin page, has no serious or critical accessibility problem (axe-core in Chromium).
    expect(await accessibilityProblems(page, '24-admin-releases')).toEqual([]);
    await page.getByRole('combobox', { name: `New share for the catalog canary ${builds.next}` }).selectOption('50');
    await page.getByRole('button', { name: `Promote the catalog canary ${builds.next}` }).click();
    await page.getByRole('row').filter({ hasText: builds.next }).filter({ hasText: 'Canary, 50 % of shoppers' }).waitFor();
    // Then Roll back: the canary is withdrawn.
    await page.getByRole('button', { name: `Roll back the catalog canary ${builds.next}` }).click();
    await page.getByRole('row').filter({ hasText: builds.next }).filter({ hasText: 'rolled back' }).waitFor();

    const after = status();
    expect(catalogOf(after)?.canary).toBeNull();
    const byAdmin = after.actions.filter((entry) => entry.build === builds.next && entry.who.includes(`<${ADMIN.email}>`)).map((entry) => entry.action);
    expect(byAdmin).toEqual(['rollback', 'promote']);
    // The page shows the same actions with who took them.
    await page.getByRole('cell', { name: new RegExp(`<${ADMIN.email}>`) }).first().waitFor();
    await context.close();
  }, 60_000);
});
