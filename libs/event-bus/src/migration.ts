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

/** The migrations every service lists first. */
export const eventBusMigrations = [EventBusTables1763800000000];
