/**
 * What one run of bench:load measured, kept for docs/performance.md (performance-figures.ts): per
 * scenario its settings changed from the defaults, the headline figures it recorded, and everything it
 * printed; for the run, the commit, whether the tree had uncommitted changes, the date, Node and the
 * machine. Written as JSON to BENCH_LOAD_RESULTS when that names a file.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { ChangedSetting } from './settings.js';

export interface Figure {
  /** What was measured, e.g. "confirmed orders/s". */
  what: string;
  value: string;
}

export interface ScenarioResult {
  name: string;
  startedAt: string;
  seconds: number;
  /** Settings its shop (or shops) ran with that are not the defaults. */
  settings: ChangedSetting[];
  figures: Figure[];
  /** Everything it printed. */
  output: string;
  /** Why it did not finish, if it failed. */
  failed?: string;
}

export interface RunResult {
  commit: string;
  /** Files with uncommitted changes when the run started (git status --porcelain), none for a clean tree. */
  uncommitted: string[];
  date: string;
  node: string;
  cores: number;
  cpuModel: string;
  /** The command's arguments (the scenarios asked for) and the BENCH_* variables it ran with. */
  scenariosAsked: string[];
  benchVariables: Record<string, string>;
  scenarios: ScenarioResult[];
}

function git(args: string[]): string {
  try {
    // trimEnd: a porcelain status line starts with a space (" M file").
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trimEnd();
  } catch {
    return '';
  }
}

let run: RunResult | undefined;
let current: ScenarioResult | undefined;

/** Starts the record of a run (the commit and the tree's state as they are now). */
export function beginRun(scenariosAsked: string[]): RunResult {
  run = {
    commit: git(['rev-parse', '--short', 'HEAD']) || 'unknown',
    uncommitted: git(['status', '--porcelain'])
      .split('\n')
      .filter(Boolean),
    date: new Date().toISOString(),
    node: process.version,
    cores: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    scenariosAsked,
    benchVariables: Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('BENCH_') && entry[0] !== 'BENCH_LOAD_RESULTS' && entry[1] !== undefined)),
    scenarios: [],
  };
  return run;
}

/** Runs one scenario, keeping what it prints, its settings and figures. */
export async function recordScenario(name: string, scenario: () => Promise<void>): Promise<void> {
  const result: ScenarioResult = { name, startedAt: new Date().toISOString(), seconds: 0, settings: [], figures: [], output: '' };
  current = result;
  run?.scenarios.push(result);
  const print = console.log;
  console.log = (...args: unknown[]) => {
    result.output += `${args.map((arg) => (typeof arg === 'string' ? arg : String(arg))).join(' ')}\n`;
    print(...args);
  };
  const started = performance.now();
  try {
    await scenario();
  } catch (error) {
    result.failed = error instanceof Error ? error.message : String(error);
    throw error;
  } finally {
    console.log = print;
    result.seconds = (performance.now() - started) / 1000;
    current = undefined;
  }
}

/** Notes the settings of the scenario's shop (withBenchShop calls it). */
export function recordSettings(settings: readonly ChangedSetting[]): void {
  if (!current) return;
  for (const setting of settings) {
    if (!current.settings.some((known) => known.name === setting.name && known.value === setting.value)) current.settings.push(setting);
  }
}

/** Notes a headline figure of the scenario under way (also printed by the scenario itself). */
export function recordFigure(what: string, value: string): void {
  current?.figures.push({ what, value });
}

/** Writes the run to BENCH_LOAD_RESULTS, if set. */
export function saveRun(): void {
  const file = process.env.BENCH_LOAD_RESULTS;
  if (!run || !file) return;
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`\nresults saved to ${file}`);
}
