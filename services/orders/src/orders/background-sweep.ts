import type { Logger } from '@nestjs/common';

/**
 * Work a replica repeats every `everyMs` in the background (payment deadlines, payment recovery and
 * refunds): never two runs at once in one process, a failed run logged and tried again at the next
 * tick, the timer not keeping the process alive, and a run under way awaited when the service stops.
 */
export class BackgroundSweep {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly what: string,
    private readonly everyMs: number,
    private readonly logger: Logger,
    private readonly work: () => Promise<unknown>,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.run(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = this.work()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn(`${this.what} not swept, trying again: ${(error as Error).message}`))
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
  }
}
