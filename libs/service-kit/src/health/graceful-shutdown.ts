import type { Server } from 'node:http';
import { Injectable, Logger, type INestApplication, type OnApplicationShutdown } from '@nestjs/common';
import { Readiness } from './readiness.js';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;
type Signal = (typeof SIGNALS)[number];

/**
 * How a part stops without losing anything (docs/operations.md, "Draining"): on SIGTERM (or SIGINT)
 * 1. `/ready` answers 503 at once, so load balancers (the gateway's probes, Kubernetes' endpoints)
 *    stop sending it new requests;
 * 2. it keeps serving for DRAIN_DELAY_MS while they notice, every answer now closing its connection
 *    (`Connection: close`), so clients open their next one elsewhere instead of finding it closed;
 * 3. it stops accepting connections and waits for the requests under way (at most `closeTimeoutMs`);
 * 4. Nest closes the app: the relay publishes what it holds, the consumers finish the batch under way
 *    and hand back what they fetched, then the database and NATS connections close;
 * 5. it exits by the signal it got (as Nest's shutdown hooks do), so a supervisor sees why.
 * A second signal while draining stops it at once.
 */
@Injectable()
export class GracefulShutdown implements OnApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private listening?: (signal: Signal) => void;

  constructor(private readonly readiness: Readiness) {}

  /** Takes the process's SIGTERM and SIGINT for `app`, whose HTTP server is `server`. */
  listen(app: INestApplication, server: Server, drainDelayMs: number, closeTimeoutMs = 25_000): void {
    const onSignal = (signal: Signal) => void this.drainAndClose(app, server, signal, drainDelayMs, closeTimeoutMs);
    for (const signal of SIGNALS) process.once(signal, onSignal);
    this.listening = onSignal;
  }

  private async drainAndClose(app: INestApplication, server: Server, signal: Signal, drainDelayMs: number, closeTimeoutMs: number): Promise<void> {
    this.forget();
    for (const again of SIGNALS) process.once(again, () => process.exit(1));
    this.readiness.drain();
    server.prependListener('request', (_req, res: { shouldKeepAlive: boolean }) => {
      res.shouldKeepAlive = false;
    });
    if (drainDelayMs > 0) {
      this.logger.log(`${signal}: not ready any more; serving ${drainDelayMs} ms more while load balancers notice, then closing`);
      await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
    }
    await closeServer(server, closeTimeoutMs);
    try {
      await app.close();
    } catch (error) {
      this.logger.error(`closing after ${signal} failed: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    }
    for (const again of SIGNALS) process.removeAllListeners(again);
    process.kill(process.pid, signal);
  }

  /** Lets the signals go (the app closed another way: a test's `app.close()`). */
  onApplicationShutdown(): void {
    this.forget();
  }

  private forget(): void {
    if (!this.listening) return;
    for (const signal of SIGNALS) process.off(signal, this.listening);
    this.listening = undefined;
  }
}

/**
 * Stops accepting connections and resolves once the requests under way are answered (idle kept-alive
 * connections close at once, busy ones after their answer); after `timeoutMs` the rest are cut.
 */
export async function closeServer(server: Server, timeoutMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await closed;
  clearTimeout(timer);
}
