import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import type { OrderStatus } from '@shop/contracts';

/** The PostgreSQL channel on which committed outcomes are announced: a JSON list of `Outcome`s. */
const CHANNEL = 'order_settled';
/** Bytes of outcomes per notification (a payload holds at most 8000 bytes). */
const NOTIFICATION_BYTES = 7_000;

/**
 * Where an order went when it left `pending`: every field that changed with it (ISO times), so that a
 * placement that waited answers the order exactly as `GET /api/orders/{id}` does at that moment.
 */
export interface Outcome {
  id: string;
  status: Exclude<OrderStatus, 'pending'>;
  cancelReason: string | null;
  payableUntil: string | null;
  updatedAt: string;
}
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
  private readonly waiters = new Map<string, Set<(outcome: Outcome) => void>>();
  private listener?: pg.Client;
  private listening = false;
  private closed = false;

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    void this.listen();
  }

  /** Announces, with the transaction at hand, that these orders left `pending`. */
  async announce(manager: EntityManager, outcomes: readonly Outcome[]): Promise<void> {
    let batch: Outcome[] = [];
    let bytes = 2;
    for (const outcome of outcomes) {
      const size = JSON.stringify(outcome).length + 1;
      if (batch.length > 0 && bytes + size > NOTIFICATION_BYTES) {
        await manager.query(`SELECT pg_notify($1, $2)`, [CHANNEL, JSON.stringify(batch)]);
        batch = [];
        bytes = 2;
      }
      batch.push(outcome);
      bytes += size;
    }
    if (batch.length > 0) await manager.query(`SELECT pg_notify($1, $2)`, [CHANNEL, JSON.stringify(batch)]);
  }

  /**
   * Starts waiting for the order's outcome. Call it before the order is
   * committed, so that no announcement can come in between; then `settled`
   * answers the outcome once the order left `pending`, or nothing after `timeoutMs`.
   */
  expect(orderId: string): { settled: (timeoutMs: number) => Promise<Outcome | undefined>; cancel: () => void } {
    let hear!: (outcome: Outcome) => void;
    const heard = new Promise<Outcome>((resolve) => (hear = resolve));
    const waiters = this.waiters.get(orderId) ?? new Set();
    waiters.add(hear);
    this.waiters.set(orderId, waiters);
    const cancel = () => {
      waiters.delete(hear);
      if (waiters.size === 0 && this.waiters.get(orderId) === waiters) this.waiters.delete(orderId);
    };
    const settled = async (timeoutMs: number): Promise<Outcome | undefined> => {
      const until = Date.now() + timeoutMs;
      try {
        for (;;) {
          const left = until - Date.now();
          if (left <= 0) return undefined;
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), this.listening ? left : Math.min(left, POLL_MS))));
          const outcome = await Promise.race([heard, timeout]);
          clearTimeout(timer);
          if (outcome) return outcome;
          if (!this.listening) {
            const looked = await this.outcomeOf(orderId);
            if (looked) return looked;
          }
        }
      } finally {
        cancel();
      }
    };
    return { settled, cancel };
  }

  private async outcomeOf(orderId: string): Promise<Outcome | undefined> {
    const rows: { status: OrderStatus; cancel_reason: string | null; payable_until: Date | null; updated_at: Date }[] = await this.dataSource.query(
      `SELECT status, cancel_reason, payable_until, updated_at FROM customer_order WHERE id = $1`,
      [orderId],
    );
    const [row] = rows;
    if (!row || row.status === 'pending') return undefined;
    return {
      id: orderId,
      status: row.status,
      cancelReason: row.cancel_reason,
      payableUntil: row.payable_until?.toISOString() ?? null,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  private hear(payload: string | undefined): void {
    let outcomes: Outcome[];
    try {
      outcomes = JSON.parse(payload ?? '[]') as Outcome[];
    } catch {
      return; // not ours
    }
    for (const outcome of outcomes) {
      const waiters = this.waiters.get(outcome.id);
      if (!waiters) continue;
      this.waiters.delete(outcome.id);
      for (const hear of waiters) hear(outcome);
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
