/**
 * "Forgot password?" in a real browser (issue 26), on a shop started as `npm start` starts it, with its
 * mail catcher: the reset mail is read through the launcher's catcher's REST API (MailDev's API, PORT+6), as a person
 * reads it in its web page. The new password signs in; a session of the old password has ended.
 * Screenshots of the two new pages at 375 px and 1280 px go to tests/e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { accessibilityProblems, screenshot, type AccessibilityProblem } from '../src/browser.js';
import { startE2eShop, type E2eShop } from '../src/e2e-shop.js';

const CUSTOMER = { name: 'Robin Forgetful', email: `robin-${Date.now()}@example.com`, password: 'robin-old-secret-1' };
const NEW_PASSWORD = 'robin-new-secret-2';

/** A mail as the catcher's REST API (MailDev's) shows it (GET /api/email). */
interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string; name?: string }[];
  headers: Record<string, string>;
}

let e2e: E2eShop;
const pageErrors: string[] = [];
const a11yProblems: AccessibilityProblem[] = [];

async function look(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  a11yProblems.push(...(await accessibilityProblems(page, name)));
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  return page;
}

/** The mails the shop's catcher holds for `address`, oldest first. */
async function mailsTo(address: string): Promise<CaughtMail[]> {
  const answer = await fetch(`http://127.0.0.1:${e2e.shop.port + 6}/api/email`);
  expect(answer.status).toBe(200);
  const mails = (await answer.json()) as CaughtMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address === address));
}

/** Waits for a mail with `subject` to `address` in the catcher. */
async function mailTo(address: string, subject: string, timeoutMs = 30_000): Promise<CaughtMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).find((mail) => mail.subject === subject);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail "${subject}" to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signIn(page: Page, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(CUSTOMER.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

beforeAll(async () => {
  e2e = await startE2eShop('password-reset', { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-secret-1' });
  const registered = await fetch(`${e2e.shop.base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CUSTOMER),
  });
  expect(registered.status).toBe(201);
}, 180_000);

afterAll(async () => {
  expect(await e2e?.stop()).toBe(0);
});

describe('a customer who forgot their password', () => {
  let oldDevice: BrowserContext;
  let oldPage: Page;
  let context: BrowserContext;
  let page: Page;
  let oldToken: string;

  beforeAll(async () => {
    oldDevice = await e2e.browser.newContext({ baseURL: e2e.shop.base, viewport: { width: 1280, height: 900 } });
    oldPage = await newPage(oldDevice);
    context = await e2e.browser.newContext({ baseURL: e2e.shop.base, viewport: { width: 1280, height: 900 } });
    page = await newPage(context);
  });
  afterAll(async () => {
    await oldDevice.close();
    await context.close();
  });

  it('is signed in on another device with the old password', async () => {
    await signIn(oldPage, CUSTOMER.password);
    oldToken = await oldPage.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string }).token);
    expect(oldToken).toBeTruthy();
  });

  it("asks for a link from /login's 'Forgot password?' and is told a mail is on its way", async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await look(page, 'reset-01-forgot-password');
    await page.getByLabel('Email Address').fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If an account exists for this email').waitFor();
    await look(page, 'reset-02-link-sent');
  });

  it('gets the mail, opens its link and chooses a new password; the token leaves the address at once', async () => {
    const mail = await mailTo(CUSTOMER.email, 'Reset your password');
    expect(mail.to[0].name).toBe(CUSTOMER.name);
    const link = /(https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    // The link names the shop's public address (PUBLIC_URL, npm start: http://localhost:PORT); this browser
    // reaches the same shop at 127.0.0.1.
    const url = new URL(link as string);
    expect(url.port).toBe(String(e2e.shop.port));
    await page.goto(`/reset-password${url.hash}`);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.waitForURL((address) => address.pathname === '/reset-password' && address.hash === '');
    await look(page, 'reset-03-reset-password');
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill('not-the-same-one');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password do not match').waitFor();
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset').waitFor();
    await look(page, 'reset-04-password-reset');
    await mailTo(CUSTOMER.email, 'Your password was changed');
  });

  it('signs in with the new password, and no more with the old one', async () => {
    await page.getByRole('link', { name: 'Sign In' }).last().click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email Address').fill(CUSTOMER.email);
    await page.getByLabel('Password').fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('is signed out on the other device', async () => {
    const profile = await fetch(`${e2e.shop.base}/api/users/profile`, { headers: { Authorization: `Bearer ${oldToken}` } });
    expect(profile.status).toBe(401);
    await oldPage.goto('/profile');
    await oldPage.waitForURL('**/login**');
    expect(await oldPage.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  });

  it('met no page errors and no serious accessibility problems', () => {
    expect(pageErrors).toEqual([]);
    expect(a11yProblems).toEqual([]);
  });
});
