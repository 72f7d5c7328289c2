/**
 * The shop a browser test runs against: started as the README starts it (the built launcher) with its
 * own instance prefix, ports and data folder, on the machine's PostgreSQL and NATS, beside Debian's
 * chromium; and everything it made removed afterwards (its databases, its JetStream stream, its folder).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { deleteStream, dropDatabases, freeBasePort, launchChromium, startShop, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL, type RunningShop } from '@shop/testing';

const launcher = fileURLToPath(new URL('../../../tools/launcher/dist/main.js', import.meta.url));

export interface E2eShop {
  shop: RunningShop;
  browser: Browser;
  prefix: string;
  /** The shop's data folder (files a test writes for an upload may go there too). */
  dataDir: string;
  /** Closes the browser, stops the shop and removes what it made; answers the launcher's exit code. */
  stop(): Promise<number | null | undefined>;
}

/**
 * Starts a shop and chromium side by side; `env` adds settings (ADMIN_EMAIL, ADMIN_PASSWORD…). A start
 * that fails half-way stops what did start before throwing.
 */
export async function startE2eShop(name: string, env: Record<string, string> = {}): Promise<E2eShop> {
  const prefix = testPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), `shop-e2e-${name}-`));
  let shop: RunningShop | undefined;
  let browser: Browser | undefined;
  const stop = async (): Promise<number | null | undefined> => {
    await browser?.close();
    const code = await shop?.stop();
    await dropDatabases(prefix);
    await deleteStream(prefix);
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  try {
    const port = await freeBasePort();
    // Each kept as soon as it is up, so a failure of the other still stops it.
    await Promise.all([
      startShop(launcher, { PORT: String(port), INSTANCE_PREFIX: prefix, DATA_DIR: dataDir, DATABASE_URL: TEST_DATABASE_URL, NATS_URL: TEST_NATS_URL, ...env }).then(
        (started) => (shop = started),
      ),
      launchChromium().then((launched) => (browser = launched)),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { shop: shop as RunningShop, browser: browser as Browser, prefix, dataDir, stop };
}

/** Retries `check` until it passes or `timeoutMs` runs out, then throws its last failure. */
export async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
