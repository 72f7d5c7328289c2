import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, fstatSync, mkdirSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { setPriority } from 'node:os';

/** The first wait before a part that exited is started again; it doubles up to `MAX_RESTART_DELAY_MS`. */
export const FIRST_RESTART_DELAY_MS = 500;
export const MAX_RESTART_DELAY_MS = 10_000;
/** A part that ran this long before it exited starts again after the first delay, not a longer one. */
const STEADY_MS = 30_000;

/** The last `count` non-empty lines of a file (read from its last 16 KB), each cut to 300 characters. */
export function lastLines(file: string, count = 3): string[] {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, 16_384);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim())
      .slice(-count)
      .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
  } catch {
    return [];
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export interface SupervisionEvents {
  /** The process exited without being asked to; it starts again after `delayMs`. */
  exited(code: number | null, signal: NodeJS.Signals | null, delayMs: number): void;
  /** It was started again after an exit. */
  restarted(): void;
}

/**
 * A part of the shop the launcher runs as a child process, output appended to a log file, and
 * supervised: when it exits without being asked to (a crash, SIGKILL, out of memory) it is
 * started again after a delay that grows from 0.5 s, doubling, to 10 s, and starts over at 0.5 s
 * once a run lasted 30 s. `stop()` ends it for good.
 */
export class Child {
  private process?: ChildProcess;
  private stopping = false;
  private delayMs = FIRST_RESTART_DELAY_MS;
  private restartTimer?: NodeJS.Timeout;
  /** How many times it was started again. */
  restarts = 0;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
    private readonly events?: SupervisionEvents,
    /** Where the running process's id is written (an operator's `kill $(cat …)`), removed when it stops for good. */
    private readonly pidFile?: string,
    /** Its CPU priority (a nice value, 0 to 19: the higher, the more it yields the CPU to the others), every run. */
    private readonly niceness = 0,
  ) {}

  /** Whether a process of this part is running now. */
  get running(): boolean {
    return this.process !== undefined && this.process.exitCode === null && this.process.signalCode === null;
  }

  /** Whether it was stopped for good. */
  get stopped(): boolean {
    return this.stopping;
  }

  start(): void {
    mkdirSync(dirname(this.logFile), { recursive: true });
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const startedAt = Date.now();
    const child = spawn(this.command, this.args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (this.niceness > 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, this.niceness);
      } catch (error) {
        log.write(`could not lower its CPU priority to nice ${this.niceness}: ${String(error)}\n`);
      }
    }
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    if (this.pidFile && child.pid !== undefined) {
      mkdirSync(dirname(this.pidFile), { recursive: true });
      writeFileSync(this.pidFile, `${child.pid}\n`);
    }
    child.once('error', (error) => {
      log.write(`${String(error)}\n`);
    });
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      if (Date.now() - startedAt >= STEADY_MS) this.delayMs = FIRST_RESTART_DELAY_MS;
      const delay = this.delayMs;
      this.delayMs = Math.min(MAX_RESTART_DELAY_MS, this.delayMs * 2);
      // The log stream is flushed before the last lines are read for the message.
      log.end(() => this.events?.exited(code, signal, delay));
      this.restartTimer = setTimeout(() => {
        if (this.stopping) return;
        this.restarts += 1;
        this.start();
        this.events?.restarted();
      }, delay);
    });
    this.process = child;
  }

  /** Stops it for good: asks the process to stop and waits for it; kills it after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    if (this.pidFile) rmSync(this.pidFile, { force: true });
    const child = this.process;
    if (!child || !this.running) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

/** Whether nothing listens on host:port yet (the launcher can take it). */
export function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
