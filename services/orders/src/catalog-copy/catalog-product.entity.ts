import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The orders service's copy of a catalog product, kept from catalog's product
 * events: what an order is priced from (name, image, price; stock is the
 * catalog's alone, reserved by it for each order). A deleted product keeps its row
 * (marked deleted), so a late update of it cannot bring it back.
 */
@Entity('catalog_product')
export class CatalogProduct {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 500 })
  image: string;

  @Column('integer', { name: 'price_cents' })
  priceCents: number;

  @Column('boolean')
  deleted: boolean;

  /** When the event last applied happened: an older event changes nothing. */
  @Column('timestamptz', { name: 'changed_at' })
  changedAt: Date;
}
