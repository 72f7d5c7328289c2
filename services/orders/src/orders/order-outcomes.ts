import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';

/** The PostgreSQL channel on which a committed outcome is announced: a comma-separated list of order ids. */
const CHANNEL = 'order_settled';
/** Order ids per notification (a payload holds at most 8000 bytes; an id takes 37). */
const IDS_PER_NOTIFICATION = 200;
/** While no notification can be heard, a waiting placement looks at its order this often instead. */
const POLL_MS = 250;
const RECONNECT_MS = 1_000;

/**
 * Lets a placement call wait briefly for its order's outcome instead of the
 * browser asking again and again. The transaction that confirms or cancels
 * orders announces them with NOTIFY, which PostgreSQL delivers when, and only
 * if, it commits, to every replica of the service listening: whichever
 * replica handled the catalog's answer, the one holding the placement call
 * hears of it. Without a listening connection (PostgreSQL restarting, say) a
 * waiting call looks at its order every POLL_MS instead.
 */
@Injectable()
export class OrderOutcomes implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('OrderOutcomes');
  private readonly waiters = new Map<string, Set<() => void>>();
  private listener?: pg.Client;
  private listening = false;
  private closed = false;

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    void this.listen();
  }

  /** Announces, with the transaction at hand, that these orders left `pending`. */
  async announce(manager: EntityManager, orderIds: readonly string[]): Promise<void> {
    for (let start = 0; start < orderIds.length; start += IDS_PER_NOTIFICATION) {
      await manager.query(`SELECT pg_notify($1, $2)`, [CHANNEL, orderIds.slice(start, start + IDS_PER_NOTIFICATION).join(',')]);
    }
  }

  /**
   * Starts waiting for the order's outcome. Call it before the order is
   * committed, so that no announcement can come in between; then `settled`
   * resolves once the order left `pending` (true) or after `timeoutMs` (false).
   */
  expect(orderId: string): { settled: (timeoutMs: number) => Promise<boolean>; cancel: () => void } {
    let hear!: () => void;
    const heard = new Promise<void>((resolve) => (hear = resolve));
    const waiters = this.waiters.get(orderId) ?? new Set();
    waiters.add(hear);
    this.waiters.set(orderId, waiters);
    const cancel = () => {
      waiters.delete(hear);
      if (waiters.size === 0 && this.waiters.get(orderId) === waiters) this.waiters.delete(orderId);
    };
    const settled = async (timeoutMs: number): Promise<boolean> => {
      const until = Date.now() + timeoutMs;
      try {
        for (;;) {
          const left = until - Date.now();
          if (left <= 0) return false;
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), this.listening ? left : Math.min(left, POLL_MS))));
          const outcome = await Promise.race([heard.then(() => 'heard' as const), timeout]);
          clearTimeout(timer);
          if (outcome === 'heard') return true;
          if (!this.listening && (await this.leftPending(orderId))) return true;
        }
      } finally {
        cancel();
      }
    };
    return { settled, cancel };
  }

  private async leftPending(orderId: string): Promise<boolean> {
    const rows: { status: string }[] = await this.dataSource.query(`SELECT status FROM customer_order WHERE id = $1`, [orderId]);
    return rows.length > 0 && rows[0].status !== 'pending';
  }

  private hear(payload: string | undefined): void {
    for (const orderId of payload?.split(',') ?? []) {
      const waiters = this.waiters.get(orderId);
      if (!waiters) continue;
      this.waiters.delete(orderId);
      for (const hear of waiters) hear();
    }
  }

  /** Keeps one connection listening on the channel, reconnecting after a loss. */
  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string; applicationName?: string };
    while (!this.closed) {
      const client = new pg.Client({ connectionString: options.url, application_name: `${options.applicationName ?? 'orders'}-outcomes` });
      try {
        const lost = new Promise<void>((resolve) => {
          client.once('error', (error) => {
            if (!this.closed) this.logger.warn(`outcome listener lost: ${String(error)}`);
            resolve();
          });
          client.once('end', () => resolve());
        });
        client.on('notification', (message) => this.hear(message.payload));
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        this.listener = client;
        this.listening = true;
        await lost;
      } catch (error) {
        if (!this.closed) this.logger.warn(`cannot listen for order outcomes (${String(error)}); waiting placements poll`);
      } finally {
        this.listening = false;
        this.listener = undefined;
        await client.end().catch(() => undefined);
      }
      if (!this.closed) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
  }
}
