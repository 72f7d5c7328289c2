import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset tokens, kept only as their SHA-256 hash (a copy of the table gives nobody a working
 * link), each valid until `expires_at` and once (`used_at`). They go with their account.
 */
export class PasswordResetTokens1768100000000 implements MigrationInterface {
  name = 'PasswordResetTokens1768100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE password_reset_token (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        CONSTRAINT password_reset_token_hash_unique UNIQUE (token_hash)
      )`);
    await db.query(`CREATE INDEX password_reset_token_user ON password_reset_token (user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE password_reset_token`);
  }
}
