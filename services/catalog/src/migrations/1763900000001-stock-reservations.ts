import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The stock each order holds, so that a reservation is made once and given back once. */
export class StockReservations1763900000001 implements MigrationInterface {
  name = 'StockReservations1763900000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE stock_reservation (
        order_id uuid PRIMARY KEY,
        status varchar(10) NOT NULL CONSTRAINT stock_reservation_status CHECK (status IN ('reserved', 'rejected', 'released')),
        lines jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE stock_reservation`);
  }
}
