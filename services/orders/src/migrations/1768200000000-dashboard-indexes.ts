import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin dashboard's sales and best sellers read the paid orders of the last 30 days by `paid_at`.
 * Without an index PostgreSQL scans every order for them (50,000 orders: docs/orders.md, "Dashboard").
 * A partial index holds only paid orders, and carries what the sums and the sale condition need, so a vacuumed
 * table answers the sales per day from the index alone.
 */
export class DashboardIndexes1768200000000 implements MigrationInterface {
  name = 'DashboardIndexes1768200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX order_paid_at ON customer_order (paid_at) INCLUDE (total_cents, status) WHERE is_paid`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX order_paid_at`);
  }
}
