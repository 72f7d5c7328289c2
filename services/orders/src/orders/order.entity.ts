import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, type Relation, type ValueTransformer } from 'typeorm';
import type { OrderState, PaymentGateway, PaymentResultDto } from '@shop/contracts';
import { Customer } from '../customers/customer.entity.js';
import { OrderItem } from './order-item.entity.js';

/** bigint columns hold cents; the driver answers them as strings. Every order total stays far below 2^53. */
const cents: ValueTransformer = {
  to: (value: number) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * An order of one customer, priced by the server. `state` is where it is in its life
 * (lifecycle/order-state-machine.ts), changed only by OrderLifecycle; the API's status, isPaid and
 * isDelivered are derived from it.
 */
@Entity('customer_order')
export class Order {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  /** The customer as the users service last told of them; absent until its first user event arrives. */
  @ManyToOne(() => Customer, { createForeignKeyConstraints: false, nullable: true })
  @JoinColumn({ name: 'user_id' })
  customer: Relation<Customer> | null;

  /** The name and email of the customer's token when they ordered: shown until the customer copy has them. */
  @Column('varchar', { name: 'user_name', length: 200 })
  userName: string;

  @Column('varchar', { name: 'user_email', length: 320 })
  userEmail: string;

  @OneToMany(() => OrderItem, (item) => item.order, { cascade: ['insert'] })
  items: Relation<OrderItem>[];

  @Column('varchar', { name: 'shipping_address', length: 200 })
  shippingAddress: string;

  @Column('varchar', { name: 'shipping_city', length: 200 })
  shippingCity: string;

  @Column('varchar', { name: 'shipping_postal_code', length: 200 })
  shippingPostalCode: string;

  @Column('varchar', { name: 'shipping_country', length: 200 })
  shippingCountry: string;

  @Column('varchar', { name: 'payment_gateway', length: 20 })
  paymentGateway: PaymentGateway;

  @Column('bigint', { name: 'items_cents', transformer: cents })
  itemsCents: number;

  @Column('bigint', { name: 'shipping_cents', transformer: cents })
  shippingCents: number;

  @Column('bigint', { name: 'tax_cents', transformer: cents })
  taxCents: number;

  @Column('bigint', { name: 'total_cents', transformer: cents })
  totalCents: number;

  @Column('varchar', { length: 20 })
  state: OrderState;

  /** Why the order was cancelled, in words the customer reads (the product that ran out). */
  @Column('varchar', { name: 'cancel_reason', length: 500, nullable: true })
  cancelReason: string | null;

  /** Until when the confirmed order can be paid (PAYMENT_HOLD after confirmation); then it is cancelled. */
  @Column('timestamptz', { name: 'payable_until', nullable: true })
  payableUntil: Date | null;

  @Column('timestamptz', { name: 'paid_at', nullable: true })
  paidAt: Date | null;

  /** The PayPal order that paid this order; unique, so one payment never pays two orders. */
  @Column('varchar', { name: 'paypal_order_id', length: 64, nullable: true })
  paypalOrderId: string | null;

  @Column('varchar', { name: 'paypal_capture_id', length: 64, nullable: true })
  paypalCaptureId: string | null;

  /** What PayPal itself answered about the payment (never what the browser sent). */
  @Column('jsonb', { name: 'payment_result', nullable: true })
  paymentResult: PaymentResultDto | null;

  @Column('timestamptz', { name: 'delivered_at', nullable: true })
  deliveredAt: Date | null;

  /** When the order was cancelled (by its stock, its payment deadline or an admin). */
  @Column('timestamptz', { name: 'cancelled_at', nullable: true })
  cancelledAt: Date | null;

  /** The admin who cancelled it (null when the shop did), and their name then. */
  @Column('uuid', { name: 'cancelled_by_id', nullable: true })
  cancelledById: string | null;

  @Column('varchar', { name: 'cancelled_by_name', length: 200, nullable: true })
  cancelledByName: string | null;

  /** When an admin gave the payment back (status refunded). */
  @Column('timestamptz', { name: 'refunded_at', nullable: true })
  refundedAt: Date | null;

  @Column('uuid', { name: 'refunded_by_id', nullable: true })
  refundedById: string | null;

  @Column('varchar', { name: 'refunded_by_name', length: 200, nullable: true })
  refundedByName: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
