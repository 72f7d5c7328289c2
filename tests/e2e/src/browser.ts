/** What the end-to-end journey checks and keeps of every page: screenshots, width, accessibility. */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** The two widths the issue asks to look at: a small phone and a laptop. */
export const SCREEN_WIDTHS = [375, 1280] as const;
const HEIGHT = 900;

/** Where screenshots go (ignored by git): tests/e2e/screenshots/{name}-{width}.png. */
export const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Waits (3 s at most) until every image on the page has loaded or failed, so a screenshot shows the page settled. */
async function imagesSettled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const pending = Array.from(document.images)
      .filter((image) => !image.complete)
      .map(
        (image) =>
          new Promise((resolve) => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
          }),
      );
    return Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}

/**
 * Saves the whole page at each width, then puts the viewport back at the wide one. Fails when the
 * page is wider than the window at any width: nothing may make a phone scroll sideways.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await imagesSettled(page);
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (pageWidth > width) throw new Error(`${name} is ${pageWidth} px wide in a ${width} px window`);
  }
  await page.setViewportSize({ width: 1280, height: HEIGHT });
}

/**
 * The window as a visitor first sees it (1280 × 800, no scrolling) for README's pictures:
 * tests/e2e/screenshots/readme-{name}.png. `npm run readme-screenshots -w tests/e2e` copies the run's
 * pictures to docs/images/, where README shows them (docs/tests.md, "Screenshots").
 */
export async function readmeScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await imagesSettled(page);
  await page.screenshot({ path: join(screenshotDir, `readme-${name}.png`), animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: HEIGHT });
}

/** axe-core's rules of these impacts fail the journey; minor and moderate ones are only reported. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AccessibilityProblem {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now; answers its serious and critical problems. */
export async function accessibilityProblems(page: Page, name: string): Promise<AccessibilityProblem[]> {
  // Evaluated through the debugging protocol: the shop's content security policy (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((violation) => ({ rule: violation.id, impact: violation.impact ?? 'unknown', targets: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  const blocking = violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact)).map((violation) => ({ page: name, ...violation }));
  return [...blocking, ...(await generatedTextInNames(page, name))];
}

/**
 * Headings, buttons, links and column headings whose accessible name takes in text drawn by CSS
 * (`::before`/`::after { content: '↕' }`): Chromium reads generated content into the name, so a screen
 * reader hears 'NAME ↕' where the spec says NAME (axe does not look at it, jsdom does not compute it). An
 * element named by aria-label or aria-labelledby, and content given an empty alternative
 * (`content: '↕' / ''`), are fine.
 */
async function generatedTextInNames(page: Page, name: string): Promise<AccessibilityProblem[]> {
  const found = await page.evaluate(() => {
    const named = 'h1, h2, h3, h4, h5, h6, [role="heading"], button, [role="button"], a[href], th, [role="columnheader"]';
    const generatedText = (element: Element, pseudo: '::before' | '::after'): string => {
      const content = getComputedStyle(element, pseudo).content;
      if (!content || content === 'none' || content === 'normal') return '';
      // `"↕" / ""`: an empty alternative text, not read.
      if (/\/\s*""\s*$/.test(content)) return '';
      const text = content.replace(/^"|"$/g, '').trim();
      return text;
    };
    const problems: string[] = [];
    for (const element of document.querySelectorAll(named)) {
      if (element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') || element.getClientRects().length === 0) continue;
      for (const part of [element, ...element.querySelectorAll('*')]) {
        if (part.closest('[aria-hidden="true"]')) continue;
        const text = generatedText(part, '::before') || generatedText(part, '::after');
        if (text) problems.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" + "${text}"`);
      }
    }
    return problems;
  });
  return found.map((target) => ({ page: name, rule: 'generated-text-in-name', impact: 'serious', targets: [target] }));
}

/**
 * The accessible names Chromium itself computes for the elements of `role` on the page (its
 * accessibility tree, through the DevTools protocol), in document order. Unlike jsdom, and unlike a
 * name computed by the test library, Chromium counts CSS generated content (`::after { content }`).
 */
export async function chromiumNamesOf(page: Page, role: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value?: string }; name?: { value?: string }; ignored?: boolean }[] };
    return nodes.filter((node) => !node.ignored && node.role?.value === role).map((node) => node.name?.value ?? '');
  } finally {
    await cdp.detach();
  }
}
