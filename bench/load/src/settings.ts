/**
 * Which settings a bench shop runs with that are not the shop's defaults, and why: a figure measured
 * with a limit lifted must say so next to it. The defaults are the documented ones: `.env.example`,
 * written from the parts' settings schemas (docs/settings.md), where every value is the default.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../../../', import.meta.url));

/** A setting a scenario changes, with the reason printed next to it. */
export interface Setting {
  value: string;
  why: string;
}

/** What a scenario asks of its shop: setting → value, or value and reason. */
export type BenchEnv = Record<string, string | Setting>;

/** One setting that differs from the default, as printed and recorded. */
export interface ChangedSetting {
  name: string;
  value: string;
  /** The documented default, or undefined when it is unset by default. */
  default?: string;
  why: string;
}

/** `KEY=value` and `# KEY=` lines of .env.example: the default, or undefined for a setting unset by default. */
function envExampleDefaults(): Map<string, string | undefined> {
  const defaults = new Map<string, string | undefined>();
  const file = `${repository}.env.example`;
  if (!existsSync(file)) return defaults;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const set = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (set) defaults.set(set[1], set[2]);
    const unset = /^#\s*([A-Z][A-Z0-9_]*)=\s*$/.exec(line.trim());
    if (unset && !defaults.has(unset[1])) defaults.set(unset[1], undefined);
  }
  return defaults;
}

let known: Map<string, string | undefined> | undefined;

/** Every documented setting with its default (undefined: unset by default, or a default that depends on something). */
export function documentedDefaults(): Map<string, string | undefined> {
  known ??= envExampleDefaults();
  return known;
}

/** The settings a `.env` file in the working folder gives the shop (the launcher reads it under the real environment). */
function dotEnv(): Map<string, string> {
  const values = new Map<string, string>();
  if (!existsSync('.env')) return values;
  for (const line of readFileSync('.env', 'utf8').split('\n')) {
    const set = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (set) values.set(set[1], set[2].replace(/^(['"])(.*)\1$/, '$2'));
  }
  return values;
}

/** Settings the harness (startIsolatedShop) always sets, and why; the instance's own prefix, ports and folder are not listed. */
const HARNESS: Record<string, Setting> = {
  LOG_LEVEL: { value: 'warn', why: 'the bench harness: warnings and errors only, so that per-request log lines are not measured' },
};
const INSTANCE_SETTINGS = new Set(['PORT', 'INSTANCE_PREFIX', 'DATA_DIR']);
const SECRET = /PASSWORD|SECRET|PRIVATE_KEY|CREDS/;

/**
 * The settings a bench shop started with `env` (over the harness's own and the bench's environment)
 * runs with that differ from the documented defaults, each with the reason.
 */
export function changedSettings(env: BenchEnv): ChangedSetting[] {
  const defaults = documentedDefaults();
  const changed = new Map<string, ChangedSetting>();
  const note = (name: string, value: string, why: string) => {
    if (INSTANCE_SETTINGS.has(name)) return;
    const byDefault = defaults.get(name);
    if (byDefault !== undefined && byDefault === value) {
      changed.delete(name);
      return;
    }
    changed.set(name, { name, value: SECRET.test(name) ? '(set)' : value, default: byDefault, why });
  };
  // In the order they apply: .env, the bench's environment, the harness, the scenario.
  for (const [name, value] of dotEnv()) if (defaults.has(name)) note(name, value, 'from the .env file in the working folder');
  for (const name of defaults.keys()) {
    const value = process.env[name];
    if (value !== undefined) note(name, value, "from the bench's environment");
  }
  for (const [name, setting] of Object.entries(HARNESS)) note(name, setting.value, setting.why);
  const database = process.env.TEST_DATABASE_URL;
  if (database) note('DATABASE_URL', database, 'TEST_DATABASE_URL of the bench harness');
  const nats = process.env.TEST_NATS_URL;
  if (nats) note('NATS_URL', nats, 'TEST_NATS_URL of the bench harness');
  for (const [name, setting] of Object.entries(env)) {
    if (typeof setting === 'string') note(name, setting, 'asked by the scenario');
    else note(name, setting.value, setting.why);
  }
  return [...changed.values()];
}

/** The plain environment a shop is started with. */
export function envOf(env: BenchEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([name, setting]) => [name, typeof setting === 'string' ? setting : setting.value]));
}

/** The lines printed next to a scenario's figures. */
export function formatSettings(changed: readonly ChangedSetting[]): string {
  if (changed.length === 0) return 'settings changed from the defaults: none';
  return ['settings changed from the defaults:', ...changed.map((setting) => `  ${setting.name}=${setting.value} (default ${setting.default ?? 'unset'}; ${setting.why})`)].join('\n');
}

/** One line to print beside a scenario's figures (the reasons are printed when its shop starts). */
export function settingsNote(changed: readonly ChangedSetting[]): string {
  if (changed.length === 0) return 'these figures: the shop with its default settings';
  return `these figures: the shop with ${changed.map((setting) => `${setting.name}=${setting.value}`).join(', ')} (reasons above), every other setting its default`;
}
