import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What became of an order's stock: every line reserved, the order refused, or the reservation given back. */
export type ReservationStatus = 'reserved' | 'rejected' | 'released';

/** One line of a reservation: how many of a product an order holds. */
export interface ReservedLine {
  productId: string;
  quantity: number;
}

/** The stock an order holds (or was refused), one row per order: the catalog's memory of the saga. */
@Entity('stock_reservation')
export class StockReservation {
  @PrimaryColumn('uuid', { name: 'order_id' })
  orderId: string;

  @Column('varchar', { length: 10 })
  status: ReservationStatus;

  @Column('jsonb')
  lines: ReservedLine[];

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
