/**
 * Writes docs/performance.md, the whole page, from ONE run of bench:load, and nothing else: the commit the run measured (and whether its tree had
 * uncommitted changes), the date, Node, the cores, the BENCH_* variables, each scenario's headline
 * figures and the settings its shop changed from the defaults. A scenario the run did not measure gets
 * no figures, so a figure whose code changed since is re-measured or gone.
 *
 *   node bench/load/dist/performance-figures.js --run [scenario…]   runs `npm run bench:load -- [scenario…]`
 *                                                                   (every scenario without one), then writes
 *   node bench/load/dist/performance-figures.js <results.json>      writes from a saved run
 *                                                                   (BENCH_LOAD_RESULTS=<file> npm run bench:load)
 *
 * Options: --out <file> (default docs/performance.md of the repository: try it on a scratch copy),
 * --any-commit (accept a run measured on another commit than HEAD; refused by default).
 */
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResult, ScenarioResult } from './results.js';
import type { ChangedSetting } from './settings.js';

const repository = fileURLToPath(new URL('../../../', import.meta.url));

/** The goals the issues set, by scenario and figure (the start of the figure's name). */
const GOALS: Record<string, [string, string][]> = {
  orders: [
    ['errors, left pending', '0, 0'],
    ['the shop as a share of the ceiling', '≥ 70 % (logs at info, mail sent)'],
  ],
  'orders-polling': [
    ['errors, left pending', '0, 0'],
    ['confirmed orders/s as a share of', '≥ 70 %'],
  ],
  catalog: [
    ['GET /api/products: shop / bare', '≥ 0.5×, ≤ 2×'],
    ['GET /api/products/{id}: shop / bare', '≥ 0.5×, ≤ 2×'],
    ['a product edit shows', '≤ 1000 ms'],
  ],
  auth: [
    ['sign-ups', 'all succeed, p99 ≤ 3 s'],
    ['sign-ins', 'all succeed'],
  ],
  shoppers: [
    ['errors', '0, 0'],
    ['browse', 'p99 ≤ 100'],
    ['placing an order', 'p99 ≤ 500'],
    ['memory of the shop', 'after ≤ 900 MB'],
  ],
  memory: [['idle stack', '≤ 600 MB']],
  search: [['searches/s offered', 'p99 ≤ 50 ms']],
};

function goalOf(scenario: string, what: string): string {
  return GOALS[scenario]?.find(([start]) => what.startsWith(start) || what.includes(start))?.[1] ?? '';
}

/** Figures a scenario printed but did not record (older scenarios): the auth bursts' summary lines. */
function figuresFromOutput(scenario: ScenarioResult): { what: string; value: string }[] {
  const figures: { what: string; value: string }[] = [];
  for (const line of scenario.output.split('\n')) {
    const burst = /^(\d+ sign-(?:ups|ins))\s+\S+ \S+\s+(.*)$/.exec(line);
    if (burst) figures.push({ what: burst[1], value: burst[2].replace(/\s+/g, ' ').trim() });
  }
  return figures;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

function settingsText(settings: readonly ChangedSetting[]): string {
  if (settings.length === 0) return 'none';
  const admin = settings.filter((setting) => setting.name.startsWith('ADMIN_'));
  const others = settings.filter((setting) => !setting.name.startsWith('ADMIN_'));
  const parts = others.map((setting) => `\`${setting.name}=${setting.value}\` (default ${setting.default === undefined ? 'unset' : `\`${setting.default}\``}: ${setting.why})`);
  if (admin.length > 0) parts.push(`${admin.map((setting) => `\`${setting.name}\``).join(', ')} (the bench's admin account)`);
  return parts.join('; ');
}

/** The run's figures: what was run, on what, each scenario's headline figures and the settings it changed. */
export function figuresBlock(run: RunResult): string {
  const date = run.date.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');
  const tree =
    run.uncommitted.length === 0
      ? 'a clean tree'
      : `uncommitted changes in ${run.uncommitted.length} files (${run.uncommitted
          .slice(0, 6)
          .map((line) => line.slice(3))
          .join(', ')}${run.uncommitted.length > 6 ? ', …' : ''})`;
  const variables = Object.entries(run.benchVariables).sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    `One run of \`npm run bench:load -- ${run.scenariosAsked.join(' ')}\` on commit \`${run.commit}\` with ${tree}, ${date}, ` +
      `Node ${run.node}, ${run.cores} cores (${run.cpuModel}); ` +
      (variables.length === 0 ? 'every BENCH_* variable at its default.' : `${variables.map(([name, value]) => `\`${name}=${value}\``).join(', ')}.`) +
      ' Figures depend on the machine and on what else ran on it: compare runs on one machine. Scenarios this run did not measure have no figures here.',
    '',
    '| scenario | figure | measured | goal |',
    '|---|---|---|---|',
  ];
  for (const scenario of run.scenarios) {
    const figures = scenario.figures.length > 0 ? scenario.figures : figuresFromOutput(scenario);
    const rows = scenario.failed
      ? [{ what: 'did not finish', value: scenario.failed.split('\n')[0].slice(0, 200) }, ...figures]
      : figures.length > 0
        ? figures
        : [{ what: 'recorded no figures', value: 'see its printed output' }];
    rows.forEach((figure, n) => {
      lines.push(`| ${n === 0 ? `\`${scenario.name}\`` : ''} | ${cell(figure.what)} | ${cell(figure.value)} | ${cell(goalOf(scenario.name, figure.what))} |`);
    });
  }
  lines.push('', 'Settings each scenario\'s shop changed from the defaults (every other setting was its default):', '');
  for (const scenario of run.scenarios) lines.push(`- \`${scenario.name}\`: ${settingsText(scenario.settings)}`);
  return `${lines.join('\n')}\n`;
}

/** docs/performance.md: the page, all of it from `run`. */
export function performancePage(run: RunResult): string {
  return [
    '# Performance',
    '',
    '<!-- Written by bench/load/dist/performance-figures.js from one bench:load run; do not edit by hand. -->',
    '',
    'The figures of one run of the load benchmark, as the script that ran it wrote them: what each scenario',
    'does, how to run it and how to compare builds is in [benchmarks.md](benchmarks.md). Nothing here is',
    'edited by hand, and nothing here comes from another run.',
    '',
    figuresBlock(run),
  ].join('\n');
}

function headCommit(): string {
  return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repository, encoding: 'utf8' }).trim();
}

function main(): void {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    if (at === -1) return undefined;
    const [value] = args.splice(at, 2).slice(1);
    return value;
  };
  const flag = (name: string) => {
    const at = args.indexOf(name);
    if (at !== -1) args.splice(at, 1);
    return at !== -1;
  };
  const outPath = option('--out') ?? join(repository, 'docs/performance.md');
  const anyCommit = flag('--any-commit');
  const runIt = flag('--run');
  let resultsPath: string;
  let scratch: string | undefined;
  if (runIt) {
    scratch = mkdtempSync(join(tmpdir(), 'bench-load-'));
    resultsPath = join(scratch, 'results.json');
    const ran = spawnSync('npm', ['run', 'bench:load', '--', ...args], { cwd: repository, stdio: 'inherit', env: { ...process.env, BENCH_LOAD_RESULTS: resultsPath } });
    if (ran.status !== 0) console.error(`bench:load exited ${ran.status}: what it measured is written, what failed is said so`);
  } else {
    if (args.length !== 1) {
      console.error('usage: performance-figures.js [--out docs/performance.md] [--any-commit] (--run [scenario…] | <results.json>)');
      process.exit(2);
    }
    resultsPath = args[0];
  }
  try {
    const run = JSON.parse(readFileSync(resultsPath, 'utf8')) as RunResult;
    const head = headCommit();
    if (run.commit !== head && !anyCommit) {
      console.error(`the run measured ${run.commit}, but HEAD is ${head}: measure the current tree (--run), or pass --any-commit`);
      process.exit(1);
    }
    if (run.scenarios.length === 0) {
      console.error('the run measured no scenario: the page is left as it is');
      process.exit(1);
    }
    writeFileSync(outPath, performancePage(run));
    console.log(`${outPath}: the figures of ${run.scenarios.map((scenario) => scenario.name).join(', ')} from ${run.commit} written`);
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

main();
