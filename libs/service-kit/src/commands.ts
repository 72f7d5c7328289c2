import { describeSettings, type LookAlikeSetting, type PartSettingsDescription } from '@shop/contracts';
import { ConfigError } from './config.js';
import { loadEnvironment } from './env-file.js';

/** A part of the shop as its command line sees it: its name, the settings it reads, how it loads them. */
export interface PartSettings<C> {
  name: string;
  settings: Record<string, unknown>;
  loadConfig: (env?: Record<string, string | undefined>) => C;
}

/** What `main.js check-settings` prints: the settings the part reads and what is wrong with the ones it has. */
export interface SettingsReport {
  part: string;
  reads: string[];
  problems: string[];
  /** Variables shaped like the shop's settings that no part reads, each with the setting it most likely meant. */
  unknown: LookAlikeSetting[];
}

/** The part's configuration from the environment; a bad one stops the process with the list of what is wrong. */
function configOrExit<C>({ name, loadConfig }: PartSettings<C>): C {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exit(1);
  }
}

/** `main.js check-settings`: prints a SettingsReport as JSON; exits 1 when the settings given would not load. */
function checkSettings<C>({ name, settings, loadConfig }: PartSettings<C>, unknown: LookAlikeSetting[]): void {
  let problems: string[] = [];
  try {
    loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems = error.problems;
  }
  const report: SettingsReport = { part: name, reads: Object.keys(settings).sort(), problems, unknown };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exitCode = problems.length ? 1 : 0;
}

/** `main.js describe-settings`: prints each setting the part reads, its default and description, as JSON (tools/scripts/settings-docs.mjs). */
function describeSettingsOf<C>({ name, settings }: PartSettings<C>): void {
  const description: PartSettingsDescription = { part: name, settings: describeSettings(settings) };
  process.stdout.write(`${JSON.stringify(description)}\n`);
}

/**
 * A part's command line: `node dist/main.js [command]`. `check-settings` and `describe-settings` are every part's; the others
 * (`serve`, the default, and e.g. `migrate`) get the configuration read from the environment (a bad
 * one stops the process with the list of what is wrong). An unknown command exits 2, naming the known.
 */
export async function runCommand<C>(part: PartSettings<C>, commands: { serve: (config: C) => Promise<void> } & Record<string, (config: C) => Promise<void>>): Promise<void> {
  const command = process.argv[2] ?? 'serve';
  // The settings file under the real environment (ENV_FILE, else ./.env), and a warning for each look-alike variable.
  const unknown = loadEnvironment(part.name);
  if (command === 'check-settings') return checkSettings(part, unknown);
  if (command === 'describe-settings') return describeSettingsOf(part);
  const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!run) {
    const known = ['serve (the default)', ...Object.keys(commands).filter((name) => name !== 'serve'), 'check-settings', 'describe-settings'];
    process.stderr.write(`${part.name}: unknown command "${command}"; commands: ${known.join(', ')}\n`);
    process.exit(2);
  }
  await run(configOrExit(part));
}
