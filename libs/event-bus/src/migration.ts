import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox and processed-event tables; every service lists this migration first. */
export class EventBusTables1763800000000 implements MigrationInterface {
  name = 'EventBusTables1763800000000';

  async up(db: QueryRunner): Promise<void> {
    // created_at is the moment the event is recorded, not the transaction's start (now()): a change that
    // locks its row before recording its event thus always gets a later occurredAt than the change before
    // it, so consumers can keep the newest state of each thing by comparing occurredAt.
    await db.query(`
      CREATE TABLE outbox_event (
        id uuid PRIMARY KEY,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        published_at timestamptz
      )`);
    await db.query(`CREATE INDEX outbox_event_unpublished ON outbox_event (created_at) WHERE published_at IS NULL`);
    await db.query(`
      CREATE TABLE processed_event (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE processed_event`);
    await db.query(`DROP TABLE outbox_event`);
  }
}

/**
 * The relay deletes an event once JetStream has acknowledged it (the stream is the record of what
 * was published), so the outbox only ever holds what waits: no published_at, and a sequence giving
 * the relay's order. Handled event ids get an index on their age, by which old ones are forgotten.
 */
export class OutboxDeletesPublished1764500000000 implements MigrationInterface {
  name = 'OutboxDeletesPublished1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM outbox_event WHERE published_at IS NOT NULL`);
    await db.query(`DROP INDEX outbox_event_unpublished`);
    await db.query(`ALTER TABLE outbox_event DROP COLUMN published_at`);
    // The order events were recorded in, also for the rows of one statement (whose clock_timestamp()
    // can be equal): the relay publishes in this order.
    await db.query(`ALTER TABLE outbox_event ADD COLUMN seq bigserial`);
    await db.query(`CREATE INDEX outbox_event_order ON outbox_event (seq)`);
    await db.query(`CREATE INDEX processed_event_age ON processed_event (processed_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX processed_event_age`);
    await db.query(`DROP INDEX outbox_event_order`);
    await db.query(`ALTER TABLE outbox_event DROP COLUMN seq`);
    await db.query(`ALTER TABLE outbox_event ADD COLUMN published_at timestamptz`);
    await db.query(`CREATE INDEX outbox_event_unpublished ON outbox_event (created_at) WHERE published_at IS NULL`);
  }
}

/** Each recorded event keeps the id of the request that set it off (its envelope's correlationId), if any. */
export class OutboxCorrelation1765300000000 implements MigrationInterface {
  name = 'OutboxCorrelation1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE outbox_event ADD COLUMN correlation_id text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE outbox_event DROP COLUMN correlation_id`);
  }
}

/** Each recorded event keeps the trace context it was recorded under (W3C traceparent), if tracing is on. */
export class OutboxTraceContext1768300000000 implements MigrationInterface {
  name = 'OutboxTraceContext1768300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE outbox_event ADD COLUMN traceparent text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE outbox_event DROP COLUMN traceparent`);
  }
}

/** The migrations every service lists first. */
export const eventBusMigrations = [
  EventBusTables1763800000000,
  OutboxDeletesPublished1764500000000,
  OutboxCorrelation1765300000000,
  OutboxTraceContext1768300000000,
];
