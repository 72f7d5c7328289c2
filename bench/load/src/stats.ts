/** Latencies and outcomes of calls, per call name, and the tables the benchmarks print. */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))];
}

export const sortNumbers = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

export const median = (values: readonly number[]): number => percentile(sortNumbers(values), 0.5);

interface CallFigures {
  times: number[];
  /** When each call ended (Date.now()), in the order of `times`. */
  endedAt: number[];
  statuses: Map<number, number>;
  errors: number;
  firstError?: string;
}

/** Counts every call by name: latency, status, and errors (a 5xx or a network error). */
export class Recorder {
  private readonly calls = new Map<string, CallFigures>();

  record(name: string, ms: number, status: number, error?: string): void {
    let figures = this.calls.get(name);
    if (!figures) {
      figures = { times: [], endedAt: [], statuses: new Map(), errors: 0 };
      this.calls.set(name, figures);
    }
    figures.times.push(ms);
    figures.endedAt.push(Date.now());
    figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
    if (status === 0 || status >= 500) {
      figures.errors++;
      figures.firstError ??= error ?? `status ${status}`;
    }
  }

  get errors(): number {
    return [...this.calls.values()].reduce((sum, figures) => sum + figures.errors, 0);
  }

  /** Latencies of the calls whose name matches. */
  timesOf(match: (name: string) => boolean): number[] {
    return [...this.calls].filter(([name]) => match(name)).flatMap(([, figures]) => figures.times);
  }

  /**
   * How the latency of the calls whose name matches moved over the run: count, p50, p99 and max of each
   * slice of `sliceMs` (by when each call ended), from `from` (Date.now() at the start).
   */
  timeline(match: (name: string) => boolean, from: number, sliceMs: number): string {
    const slices = new Map<number, number[]>();
    for (const [name, figures] of this.calls) {
      if (!match(name)) continue;
      figures.times.forEach((ms, n) => {
        const slice = Math.floor((figures.endedAt[n] - from) / sliceMs);
        const times = slices.get(slice) ?? [];
        times.push(ms);
        slices.set(slice, times);
      });
    }
    const rows = [...slices]
      .sort(([a], [b]) => a - b)
      .map(([slice, times]) => {
        const sorted = sortNumbers(times);
        return [`${((slice * sliceMs) / 1000).toFixed(0)}-${(((slice + 1) * sliceMs) / 1000).toFixed(0)} s`, sorted.length, percentile(sorted, 0.5).toFixed(1), percentile(sorted, 0.99).toFixed(1), (sorted.at(-1) ?? NaN).toFixed(1)];
      });
    return formatTable(['when', 'calls', 'p50 ms', 'p99 ms', 'max ms'], rows);
  }

  /** One line per call: count, statuses, errors, p50, p99, max. */
  table(): string {
    const lines = ['call                                   count      p50 ms    p99 ms    max ms  errors  statuses'];
    for (const [name, figures] of [...this.calls].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = sortNumbers(figures.times);
      const statuses = [...figures.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}:${count}`).join(' ');
      lines.push(
        [
          name.padEnd(36),
          String(sorted.length).padStart(7),
          percentile(sorted, 0.5).toFixed(1).padStart(11),
          percentile(sorted, 0.99).toFixed(1).padStart(9),
          (sorted.at(-1) ?? NaN).toFixed(1).padStart(9),
          String(figures.errors).padStart(7),
          ` ${statuses}${figures.firstError ? `  (first error: ${figures.firstError.slice(0, 80)})` : ''}`,
        ].join(' '),
      );
    }
    return lines.join('\n');
  }
}

export function formatTable(header: string[], rows: (string | number)[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells: (string | number)[]) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
