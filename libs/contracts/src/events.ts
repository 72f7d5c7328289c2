/**
 * Event subjects, one constant each: facts in the past tense. At run time every
 * subject is prefixed with the instance prefix (`{prefix}.product.updated`).
 */
export const Subjects = {
  ProductCreated: 'product.created',
  ProductUpdated: 'product.updated',
  ProductDeleted: 'product.deleted',
  UserCreated: 'user.created',
  UserUpdated: 'user.updated',
  UserDeleted: 'user.deleted',
  OrderPlaced: 'order.placed',
  OrderConfirmed: 'order.confirmed',
  OrderCancelled: 'order.cancelled',
  OrderPaid: 'order.paid',
  OrderDelivered: 'order.delivered',
  StockReserved: 'stock.reserved',
  StockRejected: 'stock.rejected',
} as const;

export type Subject = (typeof Subjects)[keyof typeof Subjects];

/** What catalog tells the other services of a product. */
export interface ProductChanged {
  id: string;
  name: string;
  image: string;
  /** The price in integer cents, so no service adds floats. */
  priceCents: number;
  countInStock: number;
}

export interface ProductDeleted {
  id: string;
}

/** What users tells the other services of a user. */
export interface UserChanged {
  id: string;
  name: string;
  email: string;
  /** The user's role now: services grant admin rights from this, not from an older token. */
  isAdmin: boolean;
  /**
   * The user's session version now (a positive integer that only grows): it grows when the user
   * signs out or changes their password, and tokens carrying a smaller one are refused.
   */
  sessionVersion: number;
}

export interface UserDeleted {
  id: string;
}

/** An order was stored and waits for its stock (orders to catalog). */
export interface OrderPlaced {
  orderId: string;
  userId: string;
  items: { productId: string; quantity: number }[];
}

/** Catalog reserved every line of an order. */
export interface StockReserved {
  orderId: string;
}

/** Catalog could not reserve an order's stock; nothing was reserved. */
export interface StockRejected {
  orderId: string;
  productId: string;
  productName: string;
  /** Why, in words a customer can read. */
  reason: string;
}

export interface OrderConfirmed {
  orderId: string;
  userId: string;
}

/** An order was cancelled; any stock reserved for it goes back. */
export interface OrderCancelled {
  orderId: string;
  userId: string;
  reason: string;
}

export interface OrderPaid {
  orderId: string;
  userId: string;
  totalCents: number;
  paidAt: string;
}

export interface OrderDelivered {
  orderId: string;
  userId: string;
  deliveredAt: string;
}

/** The payload type of each subject. */
export interface EventPayloads {
  'product.created': ProductChanged;
  'product.updated': ProductChanged;
  'product.deleted': ProductDeleted;
  'user.created': UserChanged;
  'user.updated': UserChanged;
  'user.deleted': UserDeleted;
  'order.placed': OrderPlaced;
  'order.confirmed': OrderConfirmed;
  'order.cancelled': OrderCancelled;
  'order.paid': OrderPaid;
  'order.delivered': OrderDelivered;
  'stock.reserved': StockReserved;
  'stock.rejected': StockRejected;
}

/** An event as it travels over NATS: the id doubles as the deduplication id. */
export interface EventEnvelope<S extends Subject = Subject> {
  id: string;
  subject: S;
  occurredAt: string;
  /**
   * The id of the request that set off the chain of events this one belongs to (the gateway's
   * x-request-id, the `requestId` of the log lines), handed on from event to event by the consumers:
   * one order can be followed from its request through every service's logs. Absent when no request
   * caused it (the payment sweep, the seed).
   */
  correlationId?: string;
  data: EventPayloads[S];
}

/** The JetStream stream of an instance: every event of every service. */
export function streamNameOf(prefix: string): string {
  return `${prefix}_events`.toUpperCase();
}

/** A contract subject as it travels on NATS for this instance (`{prefix}.{subject}`). */
export function wireSubjectOf(prefix: string, subject: string): string {
  return `${prefix}.${subject}`;
}
