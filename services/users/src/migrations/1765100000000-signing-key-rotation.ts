import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a signing key stopped signing (a rotation). A retired key is still published in the JWKS
 * for TOKEN_TTL after that, so the tokens it signed live out their time.
 */
export class SigningKeyRotation1765100000000 implements MigrationInterface {
  name = 'SigningKeyRotation1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE signing_key ADD COLUMN retired_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE signing_key DROP COLUMN retired_at`);
  }
}
