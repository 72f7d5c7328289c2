import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Product } from '../products/product.entity.js';

/** A user's review of a product; a user reviews a product once (unique index review_one_per_user). */
@Entity('review')
export class Review {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'product_id' })
  productId: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<Product>;

  /** The reviewer's user id (the token's subject). */
  @Column('uuid', { name: 'user_id' })
  userId: string;

  /** The reviewer's name as it was when the review was written. */
  @Column('text')
  name: string;

  @Column('smallint')
  rating: number;

  @Column('varchar', { length: 2000 })
  comment: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
