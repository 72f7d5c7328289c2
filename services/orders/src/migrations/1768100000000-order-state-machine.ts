import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order's state machine (src/orders/lifecycle/order-state-machine.ts): the status `refunded` (a paid order
 * whose payment an admin gave back), and when and by whom an order was cancelled or refunded. Orders
 * cancelled before this migration take their last change as their cancellation time.
 */
export class OrderStateMachine1768100000000 implements MigrationInterface {
  name = 'OrderStateMachine1768100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE customer_order
        ADD COLUMN cancelled_at timestamptz,
        ADD COLUMN cancelled_by_id uuid,
        ADD COLUMN cancelled_by_name varchar(200),
        ADD COLUMN refunded_at timestamptz,
        ADD COLUMN refunded_by_id uuid,
        ADD COLUMN refunded_by_name varchar(200),
        DROP CONSTRAINT order_status_known,
        ADD CONSTRAINT order_status_known CHECK (status IN ('pending', 'confirmed', 'cancelled', 'refunded')),
        DROP CONSTRAINT order_paid_when_confirmed,
        ADD CONSTRAINT order_paid_when_confirmed CHECK (NOT is_paid OR status IN ('confirmed', 'refunded')),
        ADD CONSTRAINT order_refunded_when_paid CHECK (status <> 'refunded' OR (is_paid AND refunded_at IS NOT NULL))`);
    await db.query(`UPDATE customer_order SET cancelled_at = updated_at WHERE status = 'cancelled'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE customer_order SET status = 'cancelled', is_paid = false, is_delivered = false WHERE status = 'refunded'`);
    await db.query(`
      ALTER TABLE customer_order
        DROP CONSTRAINT order_refunded_when_paid,
        DROP CONSTRAINT order_paid_when_confirmed,
        ADD CONSTRAINT order_paid_when_confirmed CHECK (NOT is_paid OR status = 'confirmed'),
        DROP CONSTRAINT order_status_known,
        ADD CONSTRAINT order_status_known CHECK (status IN ('pending', 'confirmed', 'cancelled')),
        DROP COLUMN cancelled_at, DROP COLUMN cancelled_by_id, DROP COLUMN cancelled_by_name,
        DROP COLUMN refunded_at, DROP COLUMN refunded_by_id, DROP COLUMN refunded_by_name`);
  }
}
