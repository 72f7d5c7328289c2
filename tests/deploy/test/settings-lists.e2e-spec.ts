/**
 * The shop's settings are listed in four places that must agree: README's settings table, .env.example,
 * what the parts read (each part's `check-settings` report: the services, the gateway, npm start's
 * launcher and the PayPal stand-in; tools/scripts/mf-release.mjs's `process.env.NAME`), and
 * @shop/contracts' SHOP_SETTINGS, with which every part tells a misspelt setting from the others'.
 * The OpenTelemetry SDK's standard `OTEL_*` variables are listed in README and .env.example without
 * being in any part's settings. Each comparison fails naming the settings missing on either side.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHOP_SETTINGS } from '@shop/contracts';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(repo, path), 'utf8');

/** The parts with a command line, and the settings each reads by its own `check-settings`. */
const PARTS = ['services/catalog', 'services/users', 'services/orders', 'services/storefront', 'services/gateway', 'tools/launcher', 'tools/paypal-stand-in'];

interface SettingsReport {
  reads: string[];
  problems: string[];
}

/** `node <part>/dist/main.js check-settings` with its settings file `envFile` ('': none): its report, exit code and warnings. */
function checkSettings(part: string, envFile: string): { report: SettingsReport; code: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [join(repo, part, 'dist/main.js'), 'check-settings'], {
    env: { PATH: process.env.PATH ?? '', ENV_FILE: envFile },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (!line.startsWith('{')) throw new Error(`${part} check-settings printed no report (exit ${run.status}): ${run.stderr}`);
  return { report: JSON.parse(line) as SettingsReport, code: run.status, stderr: run.stderr };
}

// No settings file: only what the part reads counts here, not what a .env holds.
const readsOf = (part: string) => checkSettings(part, '').report.reads;

/** The settings of a script without a settings object: every `process.env.NAME` it reads. */
const scriptReads = (path: string) => [...read(path).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]);

/** README's settings table: the names in backquotes in the first column of each row (`NATS_USER`, `NATS_PASSWORD`). */
function readmeSettings(): string[] {
  const readme = read('README.md');
  const start = readme.indexOf('\n## Settings\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return section
    .split('\n')
    .filter((line) => /^\|\s*`/.test(line))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
}

/** .env.example's settings: every `NAME=` line, commented out (`# NAME=`) or not. */
const envExampleSettings = () => [...read('.env.example').matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

const isOpenTelemetrys = (name: string) => name.startsWith('OTEL_');
/** What `a` has that `b` lacks, sorted. */
const missingFrom = (a: Iterable<string>, b: Iterable<string>) => {
  const inB = new Set(b);
  return [...new Set(a)].filter((name) => !inB.has(name)).sort();
};

const partsRead = [...new Set([...PARTS.flatMap(readsOf), ...scriptReads('tools/scripts/mf-release.mjs')])].sort();
const readme = readmeSettings();
const envExample = envExampleSettings();

describe("the shop's settings", () => {
  it('are found in every place they are listed (the lists are read right)', () => {
    for (const list of [partsRead, readme, envExample, SHOP_SETTINGS]) expect(list).toEqual(expect.arrayContaining(['DATABASE_URL', 'NATS_URL', 'PORT', 'SMTP_URL']));
  });

  it("are each in README's table and in .env.example, and nothing else is", () => {
    expect({ missingInEnvExample: missingFrom(readme, envExample), missingInReadme: missingFrom(envExample, readme) }).toEqual({
      missingInEnvExample: [],
      missingInReadme: [],
    });
  });

  it("of README's table are those the parts read (and OpenTelemetry's OTEL_*)", () => {
    expect({
      readButMissingInReadme: missingFrom(partsRead, readme),
      inReadmeButReadByNoPart: missingFrom(readme, partsRead).filter((name) => !isOpenTelemetrys(name)),
    }).toEqual({ readButMissingInReadme: [], inReadmeButReadByNoPart: [] });
  });

  it('of .env.example load in every part as they are, without a problem or a warning', () => {
    for (const part of PARTS) {
      const { report, code, stderr } = checkSettings(part, join(repo, '.env.example'));
      expect({ part, code, stderr, problems: report.problems }).toEqual({ part, code: 0, stderr: '', problems: [] });
    }
  });

  it('are known to every part: SHOP_SETTINGS (libs/contracts/src/settings.ts) is exactly what the parts read', () => {
    expect({
      readButMissingInShopSettings: missingFrom(partsRead, SHOP_SETTINGS),
      inShopSettingsButReadByNoPart: missingFrom(SHOP_SETTINGS, partsRead),
    }).toEqual({ readButMissingInShopSettings: [], inShopSettingsButReadByNoPart: [] });
  });
});
