import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts and the key tokens are signed with. Emails are kept lower-cased
 * (checked) and unique, so no two accounts differ only by case.
 */
export class UsersTables1764000000000 implements MigrationInterface {
  name = 'UsersTables1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE app_user (
        id uuid PRIMARY KEY,
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL CONSTRAINT app_user_email_lower_case CHECK (email = lower(email)),
        password_hash text NOT NULL,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX app_user_email_unique ON app_user (email)`);
    // The admin users table lists accounts in the order they were created.
    await db.query(`CREATE INDEX app_user_oldest ON app_user (created_at, id)`);
    await db.query(`
      CREATE TABLE signing_key (
        kid text PRIMARY KEY,
        private_key text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // At most one key signs at a time, however many replicas generate one on their first start.
    await db.query(`CREATE UNIQUE INDEX signing_key_one_active ON signing_key ((true)) WHERE active`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE signing_key`);
    await db.query(`DROP TABLE app_user`);
  }
}
