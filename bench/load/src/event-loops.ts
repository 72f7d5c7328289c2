/**
 * How long the services' event loops made ready work wait during a window: prom-client's
 * `nodejs_eventloop_lag_p50/p99/max_seconds` (perf_hooks' monitorEventLoopDelay, which prom-client
 * resets at every scrape) read from each service's own `/metrics` at the window's start and end, and
 * the garbage collectors' time over the window (`nodejs_gc_duration_seconds_sum`). A hop of an order
 * that waits on a busy loop waits about this long at each of its turns.
 */
import { formatTable } from './stats.js';

/** The launcher's ports of the services, from its base port (tools/launcher: SERVICE_OFFSETS). */
const SERVICES = { catalog: 1, users: 2, orders: 3 } as const;

interface LoopFigures {
  p50: number;
  p99: number;
  max: number;
  gcSeconds: number;
}

async function scrape(port: number): Promise<LoopFigures | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(3_000) });
    if (!response.ok) return undefined;
    const text = await response.text();
    const value = (name: string) => {
      let sum = 0;
      for (const match of text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, 'gm'))) sum += Number(match[1]);
      return sum;
    };
    return {
      p50: value('nodejs_eventloop_lag_p50_seconds') * 1000,
      p99: value('nodejs_eventloop_lag_p99_seconds') * 1000,
      max: value('nodejs_eventloop_lag_max_seconds') * 1000,
      gcSeconds: value('nodejs_gc_duration_seconds_sum'),
    };
  } catch {
    return undefined;
  }
}

/** Starts a window: one scrape of every service (which resets their loop-delay histograms). */
export async function startLoopWindow(basePort: number): Promise<Map<string, LoopFigures | undefined>> {
  return new Map(await Promise.all(Object.entries(SERVICES).map(async ([name, offset]) => [name, await scrape(basePort + offset)] as const)));
}

/** Ends it: the loop delay over the window and the GC time per second, as a table to print ('' when no service answered). */
export async function endLoopWindow(basePort: number, start: Map<string, LoopFigures | undefined>, seconds: number): Promise<string> {
  const rows: string[][] = [];
  for (const [name, offset] of Object.entries(SERVICES)) {
    const end = await scrape(basePort + offset);
    const before = start.get(name);
    if (!end || !before) continue;
    rows.push([name, end.p50.toFixed(1), end.p99.toFixed(1), end.max.toFixed(1), `${(((end.gcSeconds - before.gcSeconds) / seconds) * 100).toFixed(1)} %`]);
  }
  if (rows.length === 0) return '';
  return (
    `\nEvent loops over the window (monitorEventLoopDelay from each service's /metrics; a ready callback waits about this long):\n` +
    formatTable(['service', 'loop delay p50 ms', 'p99 ms', 'max ms', 'GC time'], rows)
  );
}
