import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Captures the shop makes, and the money it gives back.
 *
 * - payment_attempt: one row per PayPal order the shop set out to capture, written (and committed) before
 *   the capture call. An unsettled row is a capture whose outcome the shop may not have recorded (a call
 *   that timed out, a replica that stopped): the recovery sweep settles it, so no capture goes unnoticed.
 *   Its `order_id` index finds the capture under way for an order, which keeps other PayPal orders of
 *   that order from being captured meanwhile.
 * - order_refund: one row per capture the shop cannot use, written in the transaction that decides so,
 *   before PayPal's refund API is called; `pending` until PayPal made the refund, retried until then.
 *   `capture_id` is unique: one capture is refunded once.
 */
export class PaymentCaptures1766100000000 implements MigrationInterface {
  name = 'PaymentCaptures1766100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payment_attempt (
        paypal_order_id varchar(64) PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES customer_order (id),
        started_at timestamptz NOT NULL,
        settled_at timestamptz,
        outcome varchar(20) CONSTRAINT payment_attempt_outcome_known CHECK (outcome IN ('paid', 'refunded', 'not-captured')),
        CONSTRAINT payment_attempt_settled_with_outcome CHECK ((settled_at IS NULL) = (outcome IS NULL))
      )`);
    await db.query(`CREATE INDEX payment_attempt_unsettled ON payment_attempt (started_at) WHERE settled_at IS NULL`);
    await db.query(`CREATE INDEX payment_attempt_of_order ON payment_attempt (order_id) WHERE settled_at IS NULL`);
    await db.query(`
      CREATE TABLE order_refund (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES customer_order (id),
        paypal_order_id varchar(64) NOT NULL,
        capture_id varchar(64) NOT NULL CONSTRAINT order_refund_capture_once UNIQUE,
        amount_cents bigint CONSTRAINT order_refund_amount_positive CHECK (amount_cents > 0),
        currency varchar(3) NOT NULL,
        reason varchar(500) NOT NULL,
        status varchar(10) NOT NULL CONSTRAINT order_refund_status_known CHECK (status IN ('pending', 'completed')),
        refund_id varchar(64),
        attempts integer NOT NULL DEFAULT 0,
        last_error varchar(500),
        next_attempt_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        refunded_at timestamptz
      )`);
    await db.query(`CREATE INDEX order_refund_of_order ON order_refund (order_id, created_at)`);
    await db.query(`CREATE INDEX order_refund_pending ON order_refund (next_attempt_at) WHERE status = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE order_refund`);
    await db.query(`DROP TABLE payment_attempt`);
  }
}
