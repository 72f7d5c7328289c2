import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders and their lines, plus the copies of other services' data orders
 * needs (products to price from, customers to name). Amounts are integer cents.
 */
export class OrdersTables1764100000000 implements MigrationInterface {
  name = 'OrdersTables1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE customer_order (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        user_name varchar(200) NOT NULL,
        user_email varchar(320) NOT NULL,
        shipping_address varchar(200) NOT NULL,
        shipping_city varchar(200) NOT NULL,
        shipping_postal_code varchar(200) NOT NULL,
        shipping_country varchar(200) NOT NULL,
        payment_gateway varchar(20) NOT NULL,
        items_cents bigint NOT NULL CONSTRAINT order_items_not_negative CHECK (items_cents >= 0),
        shipping_cents bigint NOT NULL CONSTRAINT order_shipping_not_negative CHECK (shipping_cents >= 0),
        tax_cents bigint NOT NULL CONSTRAINT order_tax_not_negative CHECK (tax_cents >= 0),
        total_cents bigint NOT NULL CONSTRAINT order_total_adds_up CHECK (total_cents = items_cents + shipping_cents + tax_cents),
        status varchar(10) NOT NULL DEFAULT 'pending'
          CONSTRAINT order_status_known CHECK (status IN ('pending', 'confirmed', 'cancelled')),
        cancel_reason varchar(500),
        is_paid boolean NOT NULL DEFAULT false,
        paid_at timestamptz,
        paypal_order_id varchar(64),
        paypal_capture_id varchar(64),
        payment_result jsonb,
        is_delivered boolean NOT NULL DEFAULT false,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT order_paid_when_confirmed CHECK (NOT is_paid OR status = 'confirmed'),
        CONSTRAINT order_delivered_when_paid CHECK (NOT is_delivered OR is_paid)
      )`);
    // One PayPal payment pays one order, whatever races the requests run.
    await db.query(`CREATE UNIQUE INDEX order_paypal_order_once ON customer_order (paypal_order_id)`);
    await db.query(`CREATE UNIQUE INDEX order_paypal_capture_once ON customer_order (paypal_capture_id)`);
    // A customer's orders (profile) and every order (admin), newest first.
    await db.query(`CREATE INDEX order_of_user_newest ON customer_order (user_id, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX order_newest ON customer_order (created_at DESC, id DESC)`);
    await db.query(`
      CREATE TABLE order_item (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES customer_order (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        product_id uuid NOT NULL,
        name varchar(200) NOT NULL,
        image varchar(500) NOT NULL,
        price_cents integer NOT NULL CONSTRAINT order_item_price_not_negative CHECK (price_cents >= 0),
        quantity integer NOT NULL CONSTRAINT order_item_quantity_positive CHECK (quantity > 0),
        CONSTRAINT order_item_one_line_per_product UNIQUE (order_id, product_id)
      )`);
    await db.query(`CREATE INDEX order_item_of_order ON order_item (order_id, position)`);
    // Kept from catalog's product events; changed_at is the occurredAt of the event last applied.
    await db.query(`
      CREATE TABLE catalog_product (
        id uuid PRIMARY KEY,
        name varchar(200) NOT NULL,
        image varchar(500) NOT NULL,
        price_cents integer NOT NULL,
        count_in_stock integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        changed_at timestamptz NOT NULL
      )`);
    // Kept from users' user events, for the names and emails the orders show.
    await db.query(`
      CREATE TABLE customer (
        id uuid PRIMARY KEY,
        name varchar(200) NOT NULL,
        email varchar(320) NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        changed_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE customer`);
    await db.query(`DROP TABLE catalog_product`);
    await db.query(`DROP TABLE order_item`);
    await db.query(`DROP TABLE customer_order`);
  }
}
