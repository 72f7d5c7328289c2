import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox: mails recorded with the change that causes them, sent by `MailSender` after the
 * commit. `key` makes a mail idempotent (the same mail recorded twice is one row); `message_id` is
 * given at the first claim and kept, so a mail sent again after a crash carries the same Message-ID.
 */
export class MailOutboxTable1768000000000 implements MigrationInterface {
  name = 'MailOutboxTable1768000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key text NOT NULL,
        to_address text NOT NULL,
        to_name text,
        subject text NOT NULL,
        text text NOT NULL,
        html text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        sent_at timestamptz,
        failed_at timestamptz,
        last_error text,
        message_id text,
        CONSTRAINT mail_outbox_key_unique UNIQUE (key)
      )`);
    // What a sender's pass looks for: mails neither sent nor given up, by when they are due.
    await db.query(`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`);
    // What housekeeping deletes: mails sent (or given up) long ago.
    await db.query(`CREATE INDEX mail_outbox_done ON mail_outbox (coalesce(sent_at, failed_at)) WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE mail_outbox`);
  }
}

/** The migrations of the mail outbox; a service that sends mail lists them after the event bus's. */
export const mailMigrations = [MailOutboxTable1768000000000];
