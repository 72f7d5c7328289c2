import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { Order } from './order.entity.js';

/** One line of an order: the product's name, image and price when it was ordered, and how many. */
@Entity('order_item')
export class OrderItem {
  @PrimaryColumn('uuid')
  id: string;

  @ManyToOne('Order', (order: Order) => order.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<Order>;

  /** The line's place in the order, as the customer listed it. */
  @Column('smallint')
  position: number;

  @Column('uuid', { name: 'product_id' })
  productId: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 500 })
  image: string;

  @Column('integer', { name: 'price_cents' })
  priceCents: number;

  @Column('integer')
  quantity: number;
}
