import type { MigrationInterface, QueryRunner } from 'typeorm';
import { skeletonOf } from '../users/email/email-rules.js';
import { normalEmail } from '../validation.js';

const BATCH = 1000;

/**
 * Look-alike emails (issue 21): every account's email in today's normal form (the domain in its
 * IDNA ASCII form, so `jane@exämple.com` becomes `jane@xn--exmple-cua.com`, the form sign-in now
 * looks up), and a new column `email_skeleton` (`skeletonOf`) under a unique index, so that no two
 * accounts have emails that pass for each other.
 *
 * Existing accounts are taken oldest first. One whose email, once converted, is another account's
 * keeps its old form, and one whose skeleton an older account already has keeps a null skeleton:
 * both stay as they are (nothing is deleted), and the older account keeps the form, so the look-alike
 * made later (`аdmin@…` beside `admin@…`) is the one left aside. The unique index ignores nulls.
 */
export class EmailSkeletons1765300000000 implements MigrationInterface {
  name = 'EmailSkeletons1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE app_user ADD COLUMN email_skeleton text`);
    const unconverted: { id: string; email: string }[] = await db.query(
      `SELECT id, email FROM app_user WHERE email ~ '[^\\x01-\\x7f]' ORDER BY created_at, id`,
    );
    for (const { id, email } of unconverted) {
      const normal = normalEmail(email);
      if (normal === email) continue;
      await db.query(`UPDATE app_user SET email = $1 WHERE id = $2 AND NOT EXISTS (SELECT 1 FROM app_user WHERE email = $1)`, [normal, id]);
    }
    const seen = new Set<string>();
    // The key of the last row read, its time as text: a JS Date would cut the microseconds and read the row again.
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const rows: { id: string; email: string; created_at: string }[] = await db.query(
        `SELECT id, email, created_at::text AS created_at FROM app_user
          ${after ? 'WHERE (created_at, id) > ($1::timestamptz, $2::uuid)' : ''} ORDER BY created_at, id LIMIT ${BATCH}`,
        after ? [after.createdAt, after.id] : [],
      );
      if (rows.length === 0) break;
      const ids: string[] = [];
      const skeletons: string[] = [];
      for (const row of rows) {
        const skeleton = skeletonOf(row.email);
        if (seen.has(skeleton)) continue;
        seen.add(skeleton);
        ids.push(row.id);
        skeletons.push(skeleton);
      }
      await db.query(
        `UPDATE app_user AS account SET email_skeleton = given.skeleton
           FROM unnest($1::uuid[], $2::text[]) AS given(id, skeleton) WHERE account.id = given.id`,
        [ids, skeletons],
      );
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, id: last.id };
    }
    await db.query(`CREATE UNIQUE INDEX app_user_email_skeleton_unique ON app_user (email_skeleton)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX app_user_email_skeleton_unique`);
    await db.query(`ALTER TABLE app_user DROP COLUMN email_skeleton`);
  }
}
