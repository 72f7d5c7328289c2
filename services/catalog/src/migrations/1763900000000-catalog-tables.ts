import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Products and their reviews. Prices are integer cents; one review per user and product. */
export class CatalogTables1763900000000 implements MigrationInterface {
  name = 'CatalogTables1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE product (
        id uuid PRIMARY KEY,
        name varchar(200) NOT NULL,
        image varchar(500) NOT NULL,
        brand varchar(100) NOT NULL,
        category varchar(100) NOT NULL,
        description varchar(5000) NOT NULL,
        price_cents integer NOT NULL CONSTRAINT product_price_not_negative CHECK (price_cents >= 0),
        count_in_stock integer NOT NULL CONSTRAINT product_stock_not_negative CHECK (count_in_stock >= 0),
        rating double precision NOT NULL DEFAULT 0,
        num_reviews integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The home list (newest first) and the carousel (best rated first).
    await db.query(`CREATE INDEX product_newest ON product (created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX product_best_rated ON product (rating DESC, num_reviews DESC)`);
    await db.query(`
      CREATE TABLE review (
        id uuid PRIMARY KEY,
        product_id uuid NOT NULL REFERENCES product (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        name text NOT NULL,
        rating smallint NOT NULL CONSTRAINT review_rating_range CHECK (rating BETWEEN 1 AND 5),
        comment varchar(2000) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One review per user and product, whatever races the requests run.
    await db.query(`CREATE UNIQUE INDEX review_one_per_user ON review (product_id, user_id)`);
    await db.query(`CREATE INDEX review_newest ON review (product_id, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE review`);
    await db.query(`DROP TABLE product`);
  }
}
