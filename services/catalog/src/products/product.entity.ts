import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A product of the catalog. The price is kept in integer cents; rating and numReviews follow its reviews. */
@Entity('product')
export class Product {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 200 })
  name: string;

  /** A path on this shop (`/uploads/…`) or an http(s) URL. */
  @Column('varchar', { length: 500 })
  image: string;

  @Column('varchar', { length: 100 })
  brand: string;

  @Column('varchar', { length: 100 })
  category: string;

  @Column('varchar', { length: 5000 })
  description: string;

  @Column('integer', { name: 'price_cents' })
  priceCents: number;

  @Column('integer', { name: 'count_in_stock' })
  countInStock: number;

  /** The average rating of the reviews, 0 without reviews. */
  @Column('double precision')
  rating: number;

  @Column('integer', { name: 'num_reviews' })
  numReviews: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
