import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { JetStreamClient } from '@nats-io/jetstream';
import { DataSource, type EntityManager } from 'typeorm';
import { prepared, ShopMetrics } from '@shop/service-kit';
import { OutboxEvent } from './entities.js';
import { NatsLink } from './nats-link.js';
import { EVENT_BUS_OPTIONS, wireSubjectOf, type EventBusOptions } from './options.js';
import { endSpan, headersCarrying, startPublishSpan } from './trace-context.js';

/** An event as the outbox holds it. */
export interface RecordedEvent {
  id: string;
  subject: string;
  payload: unknown;
  createdAt: Date;
  /** The id of the request that set it off, if any. */
  correlationId?: string;
  /** The trace context it was recorded under (W3C traceparent), if tracing is on. */
  traceparent?: string;
}

/**
 * An outbox row as a statement returns it (`SELECT`/`RETURNING id, subject, payload, created_at,
 * correlation_id, traceparent`).
 */
export interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
  created_at: Date;
  correlation_id: string | null;
  traceparent: string | null;
}

/** The event an outbox row holds. */
export function recordedEventOf(row: OutboxRow): RecordedEvent {
  return {
    id: row.id,
    subject: row.subject,
    payload: row.payload,
    createdAt: row.created_at,
    correlationId: row.correlation_id ?? undefined,
    traceparent: row.traceparent ?? undefined,
  };
}

/** Published events' rows, deleted in one statement (prepared: it runs every few orders). */
const DELETE_PUBLISHED = `DELETE FROM outbox_event WHERE id = ANY($1::uuid[])`;

/** Most events one relay pass publishes (pipelined) and deletes in one statement. */
const BATCH = 500;
/** How long published events wait to be deleted together (one DELETE for all of them). */
const SWEEP_MS = 20;
/** How long a handled event id is kept for deduplication; and how many old ids one housekeeping pass deletes. */
const KEEP_PROCESSED_MS = 7 * 24 * 3600 * 1000;
const PRUNE_CHUNK = 10_000;
const HOUSEKEEPING_EVERY_MS = 3600 * 1000;

/**
 * Publishes what the outbox holds, each event with its id as JetStream's
 * message id (so a re-send after a crash is dropped as a duplicate within the
 * stream's window, and consumers skip what they handled anyway).
 *
 * Two ways, one for speed and one for certainty:
 * - Right after a transaction commits, the events it recorded are published
 *   at once from memory (no read of the outbox), and the acknowledged ones are
 *   deleted together a few milliseconds later, in one statement for all the
 *   transactions of that moment.
 * - A pass, on a timer (and when asked), claims the oldest rows left
 *   (`FOR UPDATE SKIP LOCKED`, so replicas never publish the same rows at
 *   once; rows this process is publishing are skipped), publishes them
 *   pipelined and deletes the acknowledged ones in one statement: events
 *   recorded while NATS was away, by code that does not report its commits,
 *   or by a replica that died before publishing.
 * Either way a row is deleted only after JetStream acknowledged its event, so a
 * crash at any point leaves it to be published (again) later.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OutboxRelay');
  private readonly committed = new WeakMap<EntityManager, (() => void)[]>();
  /** Events this process publishes at once, until their rows are deleted: passes leave them alone. */
  private readonly inFlight = new Set<string>();
  private readonly toDelete: string[] = [];
  private readonly publishing = new Set<Promise<void>>();
  private sweepTimer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private lastHousekeeping = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly nats: NatsLink,
    @Inject(EVENT_BUS_OPTIONS) private readonly options: EventBusOptions,
    metrics: ShopMetrics,
  ) {
    // Read when Prometheus scrapes: what waits to be published, and for how long the oldest has.
    metrics.gauge('shop_outbox_backlog_events', 'Events recorded in the outbox and not yet published', async () => {
      const [{ count }]: { count: number }[] = await this.dataSource.query(`SELECT count(*)::int AS count FROM outbox_event`);
      return [{ value: count }];
    });
    metrics.gauge('shop_outbox_oldest_event_age_seconds', 'Age of the oldest event waiting in the outbox (0 when none waits)', async () => {
      const [{ age }]: { age: number }[] = await this.dataSource.query(
        `SELECT COALESCE(EXTRACT(EPOCH FROM clock_timestamp() - min(created_at)), 0)::float8 AS age FROM outbox_event`,
      );
      return [{ value: age }];
    });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.options.relayIntervalMs ?? 500);
    this.timer.unref();
    this.kick();
  }

  /** Notes events recorded in a transaction, to publish once it commits (see `transaction`). */
  noteRecorded(manager: EntityManager, events: RecordedEvent[]): void {
    this.afterCommit(manager, () => this.publishNow(events));
  }

  /**
   * Runs `then` once the transaction of `manager` (one `transaction` runs) has committed; never if it
   * rolls back. For what the process itself should know of a change as soon as it is done.
   */
  afterCommit(manager: EntityManager, then: () => void): void {
    const noted = this.committed.get(manager);
    if (noted) noted.push(then);
    else this.committed.set(manager, [then]);
  }

  /**
   * Runs `work` in one transaction; once it has committed, the events recorded
   * in it (`Outbox.add`/`addMany`) go out at once, and what `afterCommit` noted runs.
   */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    let transaction: EntityManager | undefined;
    const result = await this.dataSource.transaction((manager) => {
      transaction = manager;
      return work(manager);
    });
    const callbacks = transaction && this.committed.get(transaction);
    if (transaction && callbacks) {
      this.committed.delete(transaction);
      for (const then of callbacks) {
        try {
          then();
        } catch (error) {
          this.logger.error(`after a commit: ${String(error)}`);
        }
      }
    }
    return result;
  }

  /** Publishes events whose change has committed, without waiting for a pass. */
  publishNow(events: readonly RecordedEvent[]): void {
    if (events.length === 0) return;
    if (this.stopped || !this.nats.isConnected()) {
      this.kick();
      return;
    }
    for (const event of events) this.inFlight.add(event.id);
    const done = this.nats
      .ready()
      .then(({ js }) => Promise.allSettled(events.map((event) => this.publish(js, event))))
      .then((acks) => {
        let failed = false;
        acks.forEach((ack, n) => {
          if (ack.status === 'fulfilled') {
            this.toDelete.push(events[n].id);
          } else {
            failed = true;
            this.inFlight.delete(events[n].id);
          }
        });
        this.scheduleSweep();
        // What could not be published stays in the outbox for the passes (the next timer tick at the latest).
        if (failed) this.logger.warn(`publishing ${events.length} events right away failed for some; the relay retries them`);
      });
    this.publishing.add(done);
    void done.finally(() => this.publishing.delete(done));
  }

  /** Starts a pass now, or right after the one under way. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn(`outbox publish paused: ${String(error)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when every event committed so far has been published and deleted (for tests and shutdown). */
  async flush(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while ((await this.dataSource.getRepository(OutboxEvent).count()) > 0) {
      if (Date.now() > until) throw new Error('outbox not drained in time');
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private scheduleSweep(): void {
    if (this.sweepTimer || this.toDelete.length === 0) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = undefined;
      this.sweeping = this.sweep();
    }, SWEEP_MS);
  }

  /** Deletes the rows of the events published at once since the last sweep, in one statement. */
  private async sweep(): Promise<void> {
    await this.sweeping;
    const ids = this.toDelete.splice(0);
    if (ids.length === 0) return;
    try {
      await this.dataSource.query(prepared(DELETE_PUBLISHED), [ids]);
      for (const id of ids) this.inFlight.delete(id);
    } catch (error) {
      // Published but not deleted: try again shortly (a pass would only publish them again, harmlessly).
      this.toDelete.push(...ids);
      if (!this.stopped) {
        this.logger.warn(`could not delete ${ids.length} published events yet: ${String(error)}`);
        setTimeout(() => this.scheduleSweep(), 1_000).unref();
      }
    }
  }

  private async drain(): Promise<void> {
    if (!this.nats.isConnected()) return;
    const { js } = await this.nats.ready();
    for (;;) {
      if (this.stopped) return;
      const claimed = await this.dataSource.transaction(async (manager) => {
        const rows: OutboxRow[] = await manager.query(
          `SELECT id, subject, payload, created_at, correlation_id, traceparent FROM outbox_event
           WHERE NOT (id = ANY($2::uuid[]))
           ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [BATCH, [...this.inFlight]],
        );
        if (rows.length === 0) return 0;
        const events = rows.map(recordedEventOf);
        const acks = await Promise.allSettled(events.map((event) => this.publish(js, event)));
        const failed = acks.findIndex((ack) => ack.status === 'rejected');
        const published = failed === -1 ? events : events.slice(0, failed);
        if (published.length > 0) {
          await manager.query(prepared(DELETE_PUBLISHED), [published.map((event) => event.id)]);
        }
        if (failed !== -1) {
          const { reason } = acks[failed] as PromiseRejectedResult;
          this.logger.warn(`published ${published.length} of ${rows.length} events; the rest wait for the next pass: ${String(reason)}`);
          return -1;
        }
        return rows.length;
      });
      if (claimed < BATCH) break;
    }
    if (Date.now() - this.lastHousekeeping > HOUSEKEEPING_EVERY_MS) {
      this.lastHousekeeping = Date.now();
      await this.forgetOldProcessedEvents();
    }
  }

  /**
   * Publishes one event under a producer span continuing the trace it was recorded in; the span's
   * context goes in the message's headers for the consumers (trace-context.ts).
   */
  private async publish(js: JetStreamClient, event: RecordedEvent): Promise<unknown> {
    const envelope = {
      id: event.id,
      subject: event.subject,
      occurredAt: event.createdAt.toISOString(),
      correlationId: event.correlationId,
      data: event.payload,
    };
    const destination = wireSubjectOf(this.options.prefix, event.subject);
    const span = startPublishSpan(event.subject, destination, event.id, event.traceparent);
    try {
      const ack = await js.publish(destination, JSON.stringify(envelope), { msgID: event.id, timeout: 5_000, headers: headersCarrying(span) });
      endSpan(span);
      return ack;
    } catch (error) {
      endSpan(span, error);
      throw error;
    }
  }

  /**
   * Handled event ids are kept a week: JetStream redelivers only what was not
   * acked, long before that, and every handler is idempotent on its own as well
   * (a replay from the start of the stream changes nothing either). Deleted in
   * chunks, so that no statement holds the table long.
   */
  private async forgetOldProcessedEvents(): Promise<void> {
    const before = new Date(Date.now() - KEEP_PROCESSED_MS);
    for (;;) {
      // An UPDATE or DELETE answers [rows, affected] through TypeORM.
      const [, deleted]: [unknown[], number] = await this.dataSource.query(
        `DELETE FROM processed_event WHERE ctid IN (
           SELECT ctid FROM processed_event WHERE processed_at < $1 LIMIT $2
         )`,
        [before, PRUNE_CHUNK],
      );
      if (deleted < PRUNE_CHUNK || this.stopped) return;
    }
  }

  /** Stops before the database and NATS connections close (they close on application shutdown). */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    await Promise.all(this.publishing);
    clearTimeout(this.sweepTimer);
    this.sweepTimer = undefined;
    await this.sweep().catch(() => undefined);
  }
}
