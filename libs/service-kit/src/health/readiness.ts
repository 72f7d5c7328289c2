import { Injectable } from '@nestjs/common';

/** One dependency a service needs to do its work (its database, NATS). */
export type ReadinessCheck = () => Promise<void>;

export type CheckState = 'ok' | 'down';

/** The checks `/ready` runs; each part of a service registers its own. */
@Injectable()
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private draining = false;

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** The part is shutting down: not ready from now on, whatever its checks say (GracefulShutdown). */
  drain(): void {
    this.draining = true;
  }

  /** Runs every check at once, each bounded in time, and reports each one. */
  async report(timeoutMs = 2_000): Promise<{ ready: boolean; checks: Record<string, CheckState>; reasons: Record<string, string> }> {
    if (this.draining) return { ready: false, checks: { shutdown: 'down' }, reasons: { shutdown: 'shutting down' } };
    const failures = new Map<string, string>();
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]): Promise<[string, CheckState]> => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
        });
        try {
          await Promise.race([check(), timeout]);
          return [name, 'ok'];
        } catch (error) {
          failures.set(name, error instanceof Error ? error.message : String(error));
          return [name, 'down'];
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    // In the order the checks were registered, whichever failed first.
    const reasons = Object.fromEntries(entries.flatMap(([name]) => (failures.has(name) ? [[name, failures.get(name)!]] : [])));
    return { ready: entries.every(([, state]) => state === 'ok'), checks: Object.fromEntries(entries), reasons };
  }
}
