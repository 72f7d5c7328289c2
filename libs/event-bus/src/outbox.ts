import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { JetStreamClient } from '@nats-io/jetstream';
import { DataSource, type EntityManager } from 'typeorm';
import type { EventPayloads, Subject } from '@shop/contracts';
import { OutboxEvent } from './entities.js';
import { NatsLink } from './nats-link.js';
import { EVENT_BUS_OPTIONS, wireSubjectOf, type EventBusOptions } from './options.js';

/** An event to record: its subject and payload. */
export type OutboxEntry = { [S in Subject]: { subject: S; data: EventPayloads[S] } }[Subject];

/** Records an event in the transaction at hand. */
export type Emit = <S extends Subject>(subject: S, data: EventPayloads[S]) => Promise<void>;

/** Most events one relay pass publishes (pipelined) and deletes in one statement. */
const BATCH = 500;
/** How long a handled event id is kept for deduplication; and how many old ids one housekeeping pass deletes. */
const KEEP_PROCESSED_MS = 7 * 24 * 3600 * 1000;
const PRUNE_CHUNK = 10_000;
const HOUSEKEEPING_EVERY_MS = 3600 * 1000;

interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
  created_at: Date;
}

/**
 * Publishes what the outbox holds, oldest first, each event with its id as
 * JetStream's message id (so a re-send after a crash is dropped as a duplicate
 * within the stream's window, and consumers skip what they handled anyway).
 *
 * One pass claims up to BATCH rows (`FOR UPDATE SKIP LOCKED`, so replicas of a
 * service never publish the same rows at once), publishes them all without
 * waiting between them (JetStream keeps the order of one connection and acks
 * each), then deletes the acknowledged ones in one statement and commits. A
 * publish that fails keeps its row and every row after it for the next pass.
 * A pass starts after every transaction that emitted (in this process), and
 * on a timer, so events written while NATS was down, or by another replica
 * that died, go out too.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OutboxRelay');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private lastHousekeeping = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly nats: NatsLink,
    @Inject(EVENT_BUS_OPTIONS) private readonly options: EventBusOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.options.relayIntervalMs ?? 500);
    this.timer.unref();
    this.kick();
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

  /** Resolves when every event committed so far has been published (for tests and shutdown). */
  async flush(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while ((await this.dataSource.getRepository(OutboxEvent).count()) > 0) {
      if (Date.now() > until) throw new Error('outbox not drained in time');
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async drain(): Promise<void> {
    if (!this.nats.isConnected()) return;
    const { js } = await this.nats.ready();
    for (;;) {
      if (this.stopped) return;
      const claimed = await this.dataSource.transaction(async (manager) => {
        const rows: OutboxRow[] = await manager.query(
          `SELECT id, subject, payload, created_at FROM outbox_event
           ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [BATCH],
        );
        if (rows.length === 0) return 0;
        const acks = await Promise.allSettled(rows.map((row) => this.publish(js, row)));
        const failed = acks.findIndex((ack) => ack.status === 'rejected');
        const published = failed === -1 ? rows : rows.slice(0, failed);
        if (published.length > 0) {
          await manager.query(`DELETE FROM outbox_event WHERE id = ANY($1::uuid[])`, [published.map((row) => row.id)]);
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

  private publish(js: JetStreamClient, row: OutboxRow): Promise<unknown> {
    const envelope = { id: row.id, subject: row.subject, occurredAt: row.created_at.toISOString(), data: row.payload };
    return js.publish(wireSubjectOf(this.options.prefix, row.subject), JSON.stringify(envelope), { msgID: row.id, timeout: 5_000 });
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
  }
}

/**
 * Where a service records the events of a change: in the same transaction as
 * the change, so an event exists if and only if the change was committed.
 */
@Injectable()
export class Outbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
  ) {}

  /** Records an event in the given transaction's manager. */
  async add<S extends Subject>(manager: EntityManager, subject: S, data: EventPayloads[S]): Promise<void> {
    await this.addMany(manager, [{ subject, data } as OutboxEntry]);
  }

  /** Records several events in the given transaction's manager, in one statement, in this order. */
  async addMany(manager: EntityManager, events: readonly OutboxEntry[]): Promise<void> {
    if (events.length === 0) return;
    await manager.query(
      `INSERT INTO outbox_event (id, subject, payload)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[])`,
      [events.map(() => randomUUID()), events.map((event) => event.subject), events.map((event) => JSON.stringify(event.data))],
    );
  }

  /**
   * Runs a change that is a single SQL statement (atomic on its own, one
   * round trip, no transaction to open and commit) together with recording
   * `events`: `sql` receives the text of a CTE that records them
   * (`recorded_events AS (INSERT …)`) and puts it in its WITH clause; its own
   * parameters are `params`, those of the events follow them. Once the
   * statement has committed, the relay publishes the events.
   */
  async statement(events: readonly OutboxEntry[], sql: (recordEvents: string) => string, params: readonly unknown[]): Promise<void> {
    const n = params.length;
    const recordEvents = `recorded_events AS (
      INSERT INTO outbox_event (id, subject, payload)
      SELECT * FROM unnest($${n + 1}::uuid[], $${n + 2}::text[], $${n + 3}::jsonb[]))`;
    await this.dataSource.query(sql(recordEvents), [
      ...params,
      events.map(() => randomUUID()),
      events.map((event) => event.subject),
      events.map((event) => JSON.stringify(event.data)),
    ]);
    this.relay.kick();
  }

  /**
   * Runs `work` in one transaction with an `emit` that records events in it;
   * once the transaction has committed, the relay publishes them.
   */
  async transaction<T>(work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction((manager) =>
      work(manager, (subject, data) => this.add(manager, subject, data)),
    );
    this.relay.kick();
    return result;
  }
}

