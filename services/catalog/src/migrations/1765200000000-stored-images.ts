import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Images kept in the catalog database, so that every catalog replica serves every image (before,
 * each kept them on its own disk). At most 5 MB each (the upload limit).
 */
export class StoredImages1765200000000 implements MigrationInterface {
  name = 'StoredImages1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE stored_image (
        name text PRIMARY KEY,
        content_type text NOT NULL,
        content bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE stored_image`);
  }
}
