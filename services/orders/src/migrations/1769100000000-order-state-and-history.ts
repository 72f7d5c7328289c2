import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The states an order's old columns (status, is_paid, is_delivered) stood for. */
const STATE_OF_COLUMNS = `CASE
  WHEN status = 'pending' THEN 'awaiting-stock'
  WHEN status = 'cancelled' THEN 'cancelled'
  WHEN status = 'refunded' THEN 'refunded'
  WHEN NOT is_paid THEN 'awaiting-payment'
  WHEN is_delivered THEN 'delivered'
  ELSE 'paid' END`;

/**
 * One state instead of three columns, and the order's history (src/orders/lifecycle/).
 *
 * - `state` is filled from `status`, `is_paid` and `is_delivered` (the mapping `stateOf` used to make at
 *   every read), then those three are dropped: the API's status, isPaid and isDelivered are derived from
 *   the state (and, for a refunded order, from `delivered_at`, which is why an order marked delivered or
 *   paid without its time gets its last change as that time first).
 * - `order_event` keeps every step of every order. Orders older than it get the steps their columns tell
 *   (placed, confirmed, paid, delivered, cancelled or refunded, with who did it where the columns say),
 *   marked `{"from": "columns"}`: a confirmation's time was never kept, so it takes the order's creation;
 *   a cancelled order with a payment deadline had been confirmed (expired, or cancelled by an admin then).
 *   A trigger refuses any UPDATE, DELETE or TRUNCATE of it: the history is only ever added to.
 *
 * TypeORM runs it in one transaction with the other pending migrations; `down` gives the three columns
 * back, filled from the state, and drops the history.
 */
export class OrderStateAndHistory1769100000000 implements MigrationInterface {
  name = 'OrderStateAndHistory1769100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE customer_order SET paid_at = updated_at WHERE is_paid AND paid_at IS NULL`);
    await db.query(`UPDATE customer_order SET delivered_at = updated_at WHERE is_delivered AND delivered_at IS NULL`);
    await db.query(`ALTER TABLE customer_order ADD COLUMN state varchar(20)`);
    await db.query(`UPDATE customer_order SET state = ${STATE_OF_COLUMNS}`);
    await db.query(`DROP INDEX customer_order_unpaid_deadline`);
    await db.query(`DROP INDEX order_paid_at`);
    await db.query(`
      ALTER TABLE customer_order
        ALTER COLUMN state SET NOT NULL,
        ADD CONSTRAINT order_state_known
          CHECK (state IN ('awaiting-stock', 'awaiting-payment', 'paid', 'delivered', 'cancelled', 'refunded')),
        ADD CONSTRAINT order_paid_with_time CHECK (state NOT IN ('paid', 'delivered', 'refunded') OR paid_at IS NOT NULL),
        ADD CONSTRAINT order_delivered_with_time CHECK (state <> 'delivered' OR delivered_at IS NOT NULL),
        ADD CONSTRAINT order_refunded_with_time CHECK (state <> 'refunded' OR refunded_at IS NOT NULL),
        DROP CONSTRAINT order_status_known,
        DROP CONSTRAINT order_paid_when_confirmed,
        DROP CONSTRAINT order_delivered_when_paid,
        DROP CONSTRAINT order_refunded_when_paid,
        DROP COLUMN status,
        DROP COLUMN is_paid,
        DROP COLUMN is_delivered`);
    // The payment deadline sweep's candidates, and the dashboard's sales (paid, by the day they were paid).
    await db.query(`CREATE INDEX customer_order_unpaid_deadline ON customer_order (payable_until) WHERE state = 'awaiting-payment'`);
    await db.query(`CREATE INDEX order_paid_at ON customer_order (paid_at) INCLUDE (total_cents, state) WHERE paid_at IS NOT NULL`);

    await db.query(`
      CREATE TABLE order_event (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        order_id uuid NOT NULL CONSTRAINT order_event_of_order REFERENCES customer_order (id),
        type varchar(20) NOT NULL CONSTRAINT order_event_type_known CHECK (type IN (
          'placed', 'stock-reserved', 'stock-refused', 'payment-expired', 'payment-refused', 'paid', 'delivered',
          'cancelled', 'refunded', 'refund-completed', 'refund-retried', 'mail-sent', 'mail-failed')),
        at timestamptz NOT NULL,
        from_state varchar(20),
        to_state varchar(20),
        actor_kind varchar(5) NOT NULL CONSTRAINT order_event_actor_known CHECK (actor_kind IN ('shop', 'buyer', 'admin')),
        actor_id uuid,
        actor_name varchar(200),
        reason varchar(500),
        details jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT order_event_admin_named CHECK (actor_kind <> 'admin' OR (actor_id IS NOT NULL AND actor_name IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX order_event_of_order ON order_event (order_id, id)`);
    await db.query(`
      CREATE FUNCTION order_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'order_event is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await db.query(`CREATE TRIGGER order_event_no_change BEFORE UPDATE OR DELETE ON order_event FOR EACH ROW EXECUTE FUNCTION order_event_append_only()`);
    await db.query(`CREATE TRIGGER order_event_no_truncate BEFORE TRUNCATE ON order_event FOR EACH STATEMENT EXECUTE FUNCTION order_event_append_only()`);

    // What the columns of the orders already there tell of their history, step by step in the order they
    // happened. Who delivered an order was never kept: the step says so rather than naming an admin.
    const from = `'{"from": "columns"}'::jsonb`;
    await db.query(`
      INSERT INTO order_event (order_id, type, at, from_state, to_state, actor_kind, actor_id, actor_name, reason, details)
      SELECT id, type, at, from_state, to_state, actor_kind, actor_id, actor_name, reason, details
      FROM (
        SELECT id, 0 AS step, 'placed' AS type, created_at AS at, NULL AS from_state, 'awaiting-stock' AS to_state,
          'buyer' AS actor_kind, user_id AS actor_id, NULL AS actor_name, NULL AS reason, ${from} AS details
        FROM customer_order
        UNION ALL
        SELECT id, 1, 'stock-reserved', created_at, 'awaiting-stock', 'awaiting-payment', 'shop', NULL, NULL, NULL, ${from}
        FROM customer_order WHERE state IN ('awaiting-payment', 'paid', 'delivered', 'refunded')
          OR (state = 'cancelled' AND payable_until IS NOT NULL)
        UNION ALL
        SELECT id, 2, 'paid', paid_at, 'awaiting-payment', 'paid', 'buyer', user_id, NULL, NULL,
          ${from} || jsonb_strip_nulls(jsonb_build_object('paypalOrderId', paypal_order_id, 'captureId', paypal_capture_id))
        FROM customer_order WHERE paid_at IS NOT NULL
        UNION ALL
        SELECT id, 3, 'delivered', delivered_at, 'paid', 'delivered', 'shop', NULL, NULL, NULL,
          ${from} || '{"by": "an admin, not recorded"}'::jsonb
        FROM customer_order WHERE delivered_at IS NOT NULL
        UNION ALL
        SELECT id, 4,
          CASE WHEN cancelled_by_id IS NOT NULL THEN 'cancelled' WHEN payable_until IS NOT NULL THEN 'payment-expired' ELSE 'stock-refused' END,
          coalesce(cancelled_at, updated_at),
          CASE WHEN payable_until IS NOT NULL THEN 'awaiting-payment' ELSE 'awaiting-stock' END,
          'cancelled',
          CASE WHEN cancelled_by_id IS NOT NULL AND cancelled_by_name IS NOT NULL THEN 'admin' ELSE 'shop' END,
          CASE WHEN cancelled_by_name IS NOT NULL THEN cancelled_by_id END, CASE WHEN cancelled_by_id IS NOT NULL THEN cancelled_by_name END,
          cancel_reason, ${from}
        FROM customer_order WHERE state = 'cancelled'
        UNION ALL
        SELECT id, 5, 'refunded', refunded_at, CASE WHEN delivered_at IS NOT NULL THEN 'delivered' ELSE 'paid' END, 'refunded',
          CASE WHEN refunded_by_id IS NOT NULL AND refunded_by_name IS NOT NULL THEN 'admin' ELSE 'shop' END,
          CASE WHEN refunded_by_name IS NOT NULL THEN refunded_by_id END, CASE WHEN refunded_by_id IS NOT NULL THEN refunded_by_name END,
          NULL, ${from}
        FROM customer_order WHERE state = 'refunded'
      ) AS step
      ORDER BY id, step`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE order_event`);
    await db.query(`DROP FUNCTION order_event_append_only()`);
    await db.query(`DROP INDEX customer_order_unpaid_deadline`);
    await db.query(`DROP INDEX order_paid_at`);
    await db.query(`
      ALTER TABLE customer_order
        ADD COLUMN status varchar(10),
        ADD COLUMN is_paid boolean,
        ADD COLUMN is_delivered boolean`);
    await db.query(`
      UPDATE customer_order SET
        status = CASE state WHEN 'awaiting-stock' THEN 'pending' WHEN 'cancelled' THEN 'cancelled' WHEN 'refunded' THEN 'refunded' ELSE 'confirmed' END,
        is_paid = state IN ('paid', 'delivered', 'refunded'),
        is_delivered = state = 'delivered' OR (state = 'refunded' AND delivered_at IS NOT NULL)`);
    await db.query(`
      ALTER TABLE customer_order
        ALTER COLUMN status SET NOT NULL, ALTER COLUMN status SET DEFAULT 'pending',
        ALTER COLUMN is_paid SET NOT NULL, ALTER COLUMN is_paid SET DEFAULT false,
        ALTER COLUMN is_delivered SET NOT NULL, ALTER COLUMN is_delivered SET DEFAULT false,
        ADD CONSTRAINT order_status_known CHECK (status IN ('pending', 'confirmed', 'cancelled', 'refunded')),
        ADD CONSTRAINT order_paid_when_confirmed CHECK (NOT is_paid OR status IN ('confirmed', 'refunded')),
        ADD CONSTRAINT order_delivered_when_paid CHECK (NOT is_delivered OR is_paid),
        ADD CONSTRAINT order_refunded_when_paid CHECK (status <> 'refunded' OR (is_paid AND refunded_at IS NOT NULL)),
        DROP CONSTRAINT order_state_known,
        DROP CONSTRAINT order_paid_with_time,
        DROP CONSTRAINT order_delivered_with_time,
        DROP CONSTRAINT order_refunded_with_time,
        DROP COLUMN state`);
    await db.query(`CREATE INDEX customer_order_unpaid_deadline ON customer_order (payable_until) WHERE status = 'confirmed' AND NOT is_paid`);
    await db.query(`CREATE INDEX order_paid_at ON customer_order (paid_at) INCLUDE (total_cents, status) WHERE is_paid`);
  }
}
