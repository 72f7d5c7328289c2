import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** A child process of the launcher whose output goes to a log file. */
export class Child {
  private process?: ChildProcess;
  exited = false;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {}

  start(onExit: (code: number | null, signal: NodeJS.Signals | null) => void): void {
    mkdirSync(dirname(this.logFile), { recursive: true });
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(this.command, this.args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    child.once('exit', (code, signal) => {
      this.exited = true;
      onExit(code, signal);
    });
    child.once('error', (error) => {
      log.write(`${String(error)}\n`);
    });
    this.process = child;
  }

  /** Asks the process to stop and waits for it; kills it after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.process;
    if (!child || this.exited) return;
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
