import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EventPayloads, Subject } from '@shop/contracts';
import { currentRequestId, prepared } from '@shop/service-kit';
import { OutboxRelay, recordedEventOf, type OutboxRow, type RecordedEvent } from './relay.js';
import { traceparentOf } from './trace-context.js';

/**
 * An event to record: its subject and payload, and the request that set it off when it is not the
 * one being handled (a handler of a batch answering each event of it with the event's own id and
 * trace context: `correlationId: event.correlationId, traceparent: traceparentOfEvent(event)`).
 */
export type OutboxEntry = { [S in Subject]: { subject: S; data: EventPayloads[S]; correlationId?: string; traceparent?: string } }[Subject];

/** The correlation id an entry is recorded with: its own, else the request being handled's, else none. */
const correlationOf = (entry: OutboxEntry): string | undefined => entry.correlationId ?? currentRequestId();

/**
 * The trace context an entry is recorded with (docs/operations.md, "Traces"): its own when it names its
 * cause (a correlation id of its own), else the active span's (the request's, the event's), else none.
 */
const traceOf = (entry: OutboxEntry): string | undefined => (entry.correlationId !== undefined ? entry.traceparent : (entry.traceparent ?? traceparentOf()));

/** Records an event in the transaction at hand. */
export type Emit = <S extends Subject>(subject: S, data: EventPayloads[S]) => Promise<void>;

/**
 * Where a service records the events of a change: in the same transaction as
 * the change, so an event exists if and only if the change was committed.
 * Each carries the id of the request being handled (or of the event being
 * handled's request), so a chain of events can be followed in the logs.
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

  /**
   * Records several events in the given transaction's manager, in one
   * statement, in this order. They are published once the transaction commits
   * (at once when it runs through `transaction` or an event consumer, else by
   * the relay's next pass).
   */
  async addMany(manager: EntityManager, events: readonly OutboxEntry[]): Promise<void> {
    if (events.length === 0) return;
    const ids = events.map(() => randomUUID());
    const correlations = events.map(correlationOf);
    const traces = events.map(traceOf);
    // The database's clock stamps them: one clock for every replica, so occurredAt orders changes of one thing.
    const stamped: { id: string; created_at: Date }[] = await manager.query(
      prepared(`INSERT INTO outbox_event (id, subject, payload, correlation_id, traceparent)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::text[])
       RETURNING id, created_at`),
      [
        ids,
        events.map((event) => event.subject),
        events.map((event) => JSON.stringify(event.data)),
        correlations.map((id) => id ?? null),
        traces.map((traceparent) => traceparent ?? null),
      ],
    );
    const stampOf = new Map(stamped.map((row) => [row.id, row.created_at]));
    this.relay.noteRecorded(
      manager,
      events.map((event, n) => ({
        id: ids[n],
        subject: event.subject,
        payload: event.data,
        createdAt: stampOf.get(ids[n]) as Date,
        correlationId: correlations[n],
        traceparent: traces[n],
      })),
    );
  }

  /**
   * The text of an INSERT recording the events a SELECT yields (its columns, in order: id uuid, subject
   * text, payload jsonb, correlation_id text, traceparent text), returning the rows `inserted` takes: for a statement that
   * makes a change and records its events together when which events depends on what the change did (the
   * rows an UPDATE moved), as a data-modifying CTE of it. One round trip instead of two.
   */
  static recordSelected(select: string): string {
    return `INSERT INTO outbox_event (id, subject, payload, correlation_id, traceparent) ${select}
      RETURNING id, subject, payload, created_at, correlation_id, traceparent`;
  }

  /** The events a `recordSelected` INSERT recorded in this transaction: published once it commits. */
  inserted(manager: EntityManager, rows: readonly OutboxRow[]): void {
    if (rows.length > 0) this.relay.noteRecorded(manager, rows.map(recordedEventOf));
  }

  /**
   * Runs a change that is a single SQL statement (atomic on its own, one
   * round trip, no transaction to open and commit) together with recording
   * `events`: `sql` receives the text of a CTE that records them
   * (`recorded_events AS (INSERT …)`) and puts it in its WITH clause; its own
   * parameters are `params`, those of the events follow them. Once the
   * statement has committed, the events are published. They carry the time
   * the statement was sent. The statement is prepared (`prepared`): `sql` must
   * make the same text at every call.
   */
  async statement(events: readonly OutboxEntry[], sql: (recordEvents: string) => string, params: readonly unknown[]): Promise<void> {
    const n = params.length;
    const now = new Date();
    const recorded: RecordedEvent[] = events.map((event) => ({
      id: randomUUID(),
      subject: event.subject,
      payload: event.data,
      createdAt: now,
      correlationId: correlationOf(event),
      traceparent: traceOf(event),
    }));
    const recordEvents = `recorded_events AS (
      INSERT INTO outbox_event (id, subject, payload, correlation_id, traceparent, created_at)
      SELECT id, subject, payload, correlation_id, traceparent, $${n + 6}
      FROM unnest($${n + 1}::uuid[], $${n + 2}::text[], $${n + 3}::jsonb[], $${n + 4}::text[], $${n + 5}::text[])
        AS event(id, subject, payload, correlation_id, traceparent))`;
    await this.dataSource.query(prepared(sql(recordEvents)), [
      ...params,
      recorded.map((event) => event.id),
      recorded.map((event) => event.subject),
      recorded.map((event) => JSON.stringify(event.payload)),
      recorded.map((event) => event.correlationId ?? null),
      recorded.map((event) => event.traceparent ?? null),
      now,
    ]);
    this.relay.publishNow(recorded);
  }

  /**
   * Runs `work` in one transaction with an `emit` that records events in it;
   * once the transaction has committed, the relay publishes them.
   */
  transaction<T>(work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    return this.relay.transaction((manager) => work(manager, (subject, data) => this.add(manager, subject, data)));
  }
}

