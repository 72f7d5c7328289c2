/**
 * Debian's chromium driven by playwright-core (playwright's own browser downloads cannot be reached
 * here). CHROMIUM_PATH overrides where the browser is; .ci/run installs Debian's package there.
 */
import { chromium, type Browser } from 'playwright-core';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
