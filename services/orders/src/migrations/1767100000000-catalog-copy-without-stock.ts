import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders service's copy of the catalog no longer keeps stock: nothing in orders reads it (the catalog
 * reserves stock and answers each order), and keeping it current cost the catalog a product.updated for
 * every product of every reservation and release (docs/order-pipeline.md, "Stock moves are not announced").
 */
export class CatalogCopyWithoutStock1767100000000 implements MigrationInterface {
  name = 'CatalogCopyWithoutStock1767100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE catalog_product DROP COLUMN count_in_stock`);
  }

  async down(db: QueryRunner): Promise<void> {
    // The count is not known here; the catalog's next product.updated of each product brings it.
    await db.query(`ALTER TABLE catalog_product ADD COLUMN count_in_stock integer NOT NULL DEFAULT 0`);
  }
}
