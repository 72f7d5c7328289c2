import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each account's session version: it grows when the user signs out or changes
 * their password, and every token carries the one it was issued with, so the
 * services refuse older tokens at once (see docs/security.md).
 */
export class SessionVersions1765000000000 implements MigrationInterface {
  name = 'SessionVersions1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE app_user ADD COLUMN session_version integer NOT NULL DEFAULT 1 CHECK (session_version > 0)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE app_user DROP COLUMN session_version`);
  }
}
