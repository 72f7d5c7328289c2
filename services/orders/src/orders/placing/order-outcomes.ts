import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { OrderState, OrderStatus } from '@shop/contracts';
import { statusOf } from '../lifecycle/order-state-machine.js';
import { CUSTOMERS_CHANNEL, PRODUCTS_CHANNEL } from '../../copy-changes.js';

/** The PostgreSQL channel on which committed outcomes are announced: a JSON list of `Outcome`s. */
const CHANNEL = 'order_settled';

/**
 * Where an order went when it left `pending`: every field that changed with it (ISO times), so that a
 * placement that waited answers the order exactly as `GET /api/orders/{id}` does at that moment.
 */
export interface Outcome {
  id: string;
  /** The order's state then (awaiting-payment or cancelled, or further on when read late), and its status. */
  state: OrderState;
  status: Exclude<OrderStatus, 'pending'>;
  cancelReason: string | null;
  payableUntil: string | null;
  /** When a rejected order was cancelled (its updatedAt); null for a confirmed one. */
  cancelledAt?: string | null;
  updatedAt: string;
}
/** Bytes of outcomes after which `announceSelected` starts another notification (one outcome is at most ~2.2 KB). */
const SQL_NOTIFICATION_BYTES = 5_000;

/**
 * The text of a query announcing, when its transaction commits, the outcomes `outcomes` yields (a query with
 * one json column `outcome` holding an `Outcome`), in as few notifications as the payload limit allows: for a
 * statement that settles orders and announces them in one round trip, as a CTE of it. Reference the CTE
 * (count its rows), or PostgreSQL skips it.
 */
export function announceSelected(outcomes: string): string {
  return `SELECT pg_notify('${CHANNEL}', json_agg(outcome)::text) AS sent
    FROM (SELECT outcome,
            sum(octet_length(outcome::text) + 1) OVER (ORDER BY outcome->>'id' ROWS UNBOUNDED PRECEDING) / ${SQL_NOTIFICATION_BYTES} AS chunk
          FROM (${outcomes}) AS outcomes) AS sized
    GROUP BY chunk`;
}

/** While no notification can be heard, a waiting placement looks at its order this often instead. */
const POLL_MS = 250;
const RECONNECT_MS = 1_000;
/**
 * The channel on which the listener sends itself a probe through the pool: a LISTEN that succeeds does
 * not mean that what other connections announce arrives (a pooler in transaction mode answers LISTEN and
 * delivers nothing; so did the embedded database before it shared notifications).
 */
const PROBE_CHANNEL = 'order_outcomes_probe';
/** How long a probe may take to be heard, and how often the listener sends one. */
const PROBE_TIMEOUT_MS = 5_000;
const PROBE_EVERY_MS = 30_000;
/** The listener's pauses do not keep the process alive. */
const UNREF = { ref: false };

/** Who else wants to know what the listener hears (PendingOrders, PricingMemory). */
export interface OutcomeSubscriber {
  /** The order left `pending` (its transaction committed). */
  settled?(orderId: string): void;
  /** The copy of these customers changed (name, email, deletion; its transaction committed). */
  customersChanged?(userIds: readonly string[]): void;
  /** The copy of these products changed (name, image, price, deletion; its transaction committed). */
  productsChanged?(productIds: readonly string[]): void;
  /** The listening connection was lost: outcomes may go unheard until `epoch` changes. */
  deaf?(): void;
}

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
  private readonly subscribers: OutcomeSubscriber[] = [];
  private listener?: pg.Client;
  private isListening = false;
  private listenings = 0;
  private closed = false;
  /** Probes waiting to be heard, by token. */
  private readonly probes = new Map<string, () => void>();

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    void this.listen();
  }

  /** Whether outcomes are heard now. */
  get listening(): boolean {
    return this.isListening;
  }

  /** Which listening connection this is: it changes each time listening starts again. */
  get epoch(): number {
    return this.listenings;
  }

  subscribe(subscriber: OutcomeSubscriber): void {
    this.subscribers.push(subscriber);
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
          const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), this.isListening ? left : Math.min(left, POLL_MS))));
          const outcome = await Promise.race([heard, timeout]);
          clearTimeout(timer);
          if (outcome) return outcome;
          if (!this.isListening) {
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
    const rows: { state: OrderState; cancel_reason: string | null; payable_until: Date | null; updated_at: Date }[] = await this.dataSource.query(
      `SELECT state, cancel_reason, payable_until, updated_at FROM customer_order WHERE id = $1`,
      [orderId],
    );
    const [row] = rows;
    if (!row || row.state === 'awaiting-stock') return undefined;
    return {
      id: orderId,
      state: row.state,
      status: statusOf(row.state) as Outcome['status'],
      cancelReason: row.cancel_reason,
      payableUntil: row.payable_until?.toISOString() ?? null,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /**
   * Outcomes this process committed itself (the stock consumer's transaction, once it committed): its
   * waiting placements are answered at once, without waiting for the notification (which every replica
   * still hears, this one too: a second hearing finds no one waiting).
   */
  settledHere(outcomes: readonly Outcome[]): void {
    this.deliver(outcomes);
  }

  private hear(channel: string, payload: string | undefined): void {
    let items: unknown[];
    try {
      items = JSON.parse(payload ?? '[]') as unknown[];
    } catch {
      return; // not ours
    }
    if (!Array.isArray(items)) return;
    if (channel === CUSTOMERS_CHANNEL) {
      for (const subscriber of this.subscribers) subscriber.customersChanged?.(items as string[]);
      return;
    }
    if (channel === PRODUCTS_CHANNEL) {
      for (const subscriber of this.subscribers) subscriber.productsChanged?.(items as string[]);
      return;
    }
    this.deliver(items as Outcome[]);
  }

  private deliver(outcomes: readonly Outcome[]): void {
    for (const outcome of outcomes) {
      for (const subscriber of this.subscribers) subscriber.settled?.(outcome.id);
      const waiters = this.waiters.get(outcome.id);
      if (!waiters) continue;
      this.waiters.delete(outcome.id);
      for (const hear of waiters) hear(outcome);
    }
  }

  /**
   * Keeps one connection listening on the channels, reconnecting after a loss. It counts as listening
   * only while its probes, sent through the pool as every announcement is, are heard: until the first is,
   * and after one is missed, waiting placements poll and the memories built on it read the database.
   */
  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string; applicationName?: string };
    let warnedDeaf = false;
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
        client.on('notification', (message) => {
          if (message.channel === PROBE_CHANNEL) this.probes.get(message.payload ?? '')?.();
          else this.hear(message.channel, message.payload);
        });
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}; LISTEN ${CUSTOMERS_CHANNEL}; LISTEN ${PRODUCTS_CHANNEL}; LISTEN ${PROBE_CHANNEL}`);
        this.listener = client;
        for (;;) {
          const probe = await this.probe(lost);
          if (probe === 'lost') break;
          if (probe === 'heard' && !this.isListening) {
            this.listenings++;
            this.isListening = true;
            if (this.listenings === 1 || warnedDeaf) this.logger.log(`announcements reach the outcome listener${warnedDeaf ? ' again' : ''}`);
            warnedDeaf = false;
          } else if (probe === 'unheard' && this.isListening) {
            this.logger.warn(`the outcome listener missed its probe for ${PROBE_TIMEOUT_MS} ms; listening again`);
            break;
          } else if (probe === 'unheard' && !warnedDeaf) {
            this.logger.warn(
              'announcements from other connections do not reach the outcome listener (a pooler in transaction mode?): waiting placements poll, placements are priced from the database',
            );
            warnedDeaf = true;
          }
          if (await Promise.race([lost.then(() => true), sleep(PROBE_EVERY_MS, false, UNREF)])) break;
        }
      } catch (error) {
        if (!this.closed) this.logger.warn(`cannot listen for order outcomes (${String(error)}); waiting placements poll`);
      } finally {
        if (this.isListening) for (const subscriber of this.subscribers) subscriber.deaf?.();
        this.isListening = false;
        this.listener = undefined;
        await client.end().catch(() => undefined);
      }
      if (!this.closed) await sleep(RECONNECT_MS, undefined, UNREF);
    }
  }

  /** Announces a probe through the pool: whether the listener heard it, did not within PROBE_TIMEOUT_MS, or lost its connection meanwhile. */
  private async probe(lost: Promise<void>): Promise<'heard' | 'unheard' | 'lost' | 'unknown'> {
    const token = randomUUID();
    const heard = new Promise<'heard'>((resolve) => this.probes.set(token, () => resolve('heard')));
    try {
      await this.dataSource.query(`SELECT pg_notify($1, $2)`, [PROBE_CHANNEL, token]);
    } catch {
      this.probes.delete(token);
      return 'unknown'; // the pool cannot reach the database: nothing is announced now either
    }
    try {
      return await Promise.race([heard, lost.then(() => 'lost' as const), sleep(PROBE_TIMEOUT_MS, 'unheard' as const, UNREF)]);
    } finally {
      this.probes.delete(token);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
  }
}
