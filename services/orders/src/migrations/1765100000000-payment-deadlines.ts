import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Until when a confirmed order can be paid (PAYMENT_HOLD after its confirmation). Orders already
 * confirmed and unpaid when this runs get the default 30 minutes from now, so none is cancelled
 * the moment the shop is upgraded. The partial index holds only the orders the sweeper looks at.
 */
export class PaymentDeadlines1765100000000 implements MigrationInterface {
  name = 'PaymentDeadlines1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE customer_order ADD COLUMN payable_until timestamptz`);
    await db.query(
      `UPDATE customer_order SET payable_until = now() + interval '30 minutes' WHERE status = 'confirmed' AND NOT is_paid`,
    );
    await db.query(
      `CREATE INDEX customer_order_unpaid_deadline ON customer_order (payable_until) WHERE status = 'confirmed' AND NOT is_paid`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX customer_order_unpaid_deadline`);
    await db.query(`ALTER TABLE customer_order DROP COLUMN payable_until`);
  }
}
