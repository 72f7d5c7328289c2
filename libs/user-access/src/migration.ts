import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each user's current session version and role, as the users service's events tell them. */
export class UserAccessTable1765000000100 implements MigrationInterface {
  name = 'UserAccessTable1765000000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE user_access (
        user_id uuid PRIMARY KEY,
        session_version integer NOT NULL,
        is_admin boolean NOT NULL,
        deleted boolean NOT NULL DEFAULT false
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE user_access`);
  }
}

/** The migrations a service using UserAccessModule lists (after the event bus's). */
export const userAccessMigrations = [UserAccessTable1765000000100];
