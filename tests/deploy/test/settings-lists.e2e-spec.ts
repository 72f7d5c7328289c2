/**
 * The shop's settings are described once, in each part's settings schema, and tools/scripts/settings-docs.mjs
 * writes docs/settings.md and .env.example from them (`npm run settings-docs`). These must agree: the two
 * files and what the generator writes now; the settings they list and what the parts read (each part's
 * `check-settings` report: the services, the gateway, the storefront server, npm start's launcher and the
 * PayPal stand-in; tools/scripts/mf-release.mjs's `process.env.NAME`); and @shop/contracts' SHOP_SETTINGS,
 * with which every part tells a misspelt setting from the others'. The OpenTelemetry SDK's standard
 * `OTEL_*` variables are listed without being in any part's settings. Each comparison fails naming the
 * settings missing on either side.
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
  part: string;
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
const reports = new Map(PARTS.map((part) => [part, checkSettings(part, '').report]));
const readsOf = (part: string) => reports.get(part)?.reads ?? [];

/** The settings of a script without a settings object: every `process.env.NAME` it reads. */
const scriptReads = (path: string) => [...read(path).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]);

/** docs/settings.md's tables: the name in backquotes in the first column of each row. */
const settingsPageSettings = () =>
  read('docs/settings.md')
    .split('\n')
    .filter((line) => /^\|\s*`/.test(line))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));

interface DescribedSetting {
  name: string;
  readers: string[];
}
interface SettingsDocs {
  shopSettings: () => Map<string, DescribedSetting>;
  settingsPageOf: (settings: Map<string, DescribedSetting>) => string;
  envExampleOf: (settings: Map<string, DescribedSetting>) => string;
}
const generator = (await import(join(repo, 'tools/scripts/settings-docs.mjs'))) as SettingsDocs;
const described = generator.shopSettings();

/** Where `file`'s text first differs from what the generator writes, or undefined when it is the same. */
function differenceOf(file: string, written: string): string | undefined {
  const have = read(file);
  if (have === written) return undefined;
  const [haveLines, wantLines] = [have.split('\n'), written.split('\n')];
  const at = haveLines.findIndex((line, index) => line !== wantLines[index]);
  const line = at === -1 ? haveLines.length : at;
  return `${file} differs from what the settings say at line ${line + 1}:\n  the file:     ${haveLines[line] ?? '(its end)'}\n  the settings: ${wantLines[line] ?? '(its end)'}\nrun npm run settings-docs`;
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
const settingsPage = settingsPageSettings();
const envExample = envExampleSettings();

describe("the shop's settings", () => {
  it('are found in every place they are listed (the lists are read right)', () => {
    for (const list of [partsRead, settingsPage, envExample, SHOP_SETTINGS, [...described.keys()]]) {
      expect(list).toEqual(expect.arrayContaining(['DATABASE_URL', 'NATS_URL', 'PORT', 'SMTP_URL']));
    }
  });

  it('are documented in docs/settings.md and .env.example as tools/scripts/settings-docs.mjs writes them from the parts\' schemas', () => {
    expect({
      'docs/settings.md': differenceOf('docs/settings.md', generator.settingsPageOf(described)),
      '.env.example': differenceOf('.env.example', generator.envExampleOf(described)),
    }).toEqual({ 'docs/settings.md': undefined, '.env.example': undefined });
  });

  it('are described with the parts that read them: each part\'s own, and mf-release.mjs\'s process.env names', () => {
    const readBy = (reader: string) => [...described.values()].filter(({ readers }) => readers.includes(reader)).map(({ name }) => name).sort();
    const parts = Object.fromEntries(PARTS.map((part) => [part, [...readsOf(part)].sort()]));
    const describedParts = Object.fromEntries(PARTS.map((part) => [part, readBy(reports.get(part)?.part ?? part)]));
    expect(describedParts).toEqual(parts);
    expect(readBy('mf-release.mjs')).toEqual([...new Set(scriptReads('tools/scripts/mf-release.mjs'))].sort());
  });

  it('are each in docs/settings.md and in .env.example, and nothing else is', () => {
    expect({ missingInEnvExample: missingFrom(settingsPage, envExample), missingInSettingsPage: missingFrom(envExample, settingsPage) }).toEqual({
      missingInEnvExample: [],
      missingInSettingsPage: [],
    });
  });

  it('of docs/settings.md are those the parts read (and OpenTelemetry\'s OTEL_*)', () => {
    expect({
      readButMissingInSettingsPage: missingFrom(partsRead, settingsPage),
      inSettingsPageButReadByNoPart: missingFrom(settingsPage, partsRead).filter((name) => !isOpenTelemetrys(name)),
    }).toEqual({ readButMissingInSettingsPage: [], inSettingsPageButReadByNoPart: [] });
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
