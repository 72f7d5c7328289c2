import { z } from 'zod';

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
  OrderRefunded: 'order.refunded',
  StockReserved: 'stock.reserved',
  StockRejected: 'stock.rejected',
} as const satisfies Record<string, keyof typeof EVENTS>;

/*
 * Each event is described once, here: its payload as a zod schema (the fields, their kinds and ranges),
 * its producer and its consumers. From that one description come
 * - the payload's TypeScript type (`z.infer`),
 * - the check every consumer runs on what arrives (event-schemas.ts derives its fast field checker from
 *   the schema's JSON Schema), so an event forged by whoever reaches NATS or garbled on the way is set
 *   aside before it changes anything,
 * - who may publish it on NATS (nats-permissions.ts) and who is expected to consume it (event-catalogue.ts),
 * - the published AsyncAPI document (docs/events.asyncapi.json, asyncApiOfEvents()).
 * A consumer still says what it reads of a payload beside its handlers (event-expectations.ts): that is
 * the consumer's word, checked against this one in CI.
 */

/** Generous bounds: a contract says what can be true, the services' own rules may be tighter. */
const MAX_CENTS = 2_147_483_647; // catalog and orders keep cents in PostgreSQL `integer` columns
const MAX_COUNT = 1_000_000_000;
const MAX_QUANTITY = 10_000;
const MAX_LINES = 1_000;
const MAX_SESSION_VERSION = 2_147_483_647;

/** The field kinds of the contracts, as zod schemas (event-schemas.ts reads each kind back from its JSON Schema). */
const uuid = () => z.guid();
const text = (maxLength: number, { allowEmpty = false } = {}) => (allowEmpty ? z.string().max(maxLength) : z.string().min(1).max(maxLength));
const wholeNumber = (min: number, max: number) => z.int().min(min).max(max);
const time = () => z.iso.datetime({ offset: true });

const productChanged = z.object({
  id: uuid(),
  name: text(200), // catalog keeps it in a varchar(200)
  image: text(500, { allowEmpty: true }), // catalog keeps it in a varchar(500)
  /** The price in integer cents, so no service adds floats. */
  priceCents: wholeNumber(0, MAX_CENTS),
  countInStock: wholeNumber(0, MAX_COUNT),
});
const userChanged = z.object({
  id: uuid(),
  name: text(200),
  email: text(254),
  /** The user's role now: services grant admin rights from this, not from an older token. */
  isAdmin: z.boolean(),
  /**
   * The user's session version now (a positive integer that only grows): it grows when the user signs
   * out or changes their password, and tokens carrying a smaller one are refused.
   */
  sessionVersion: wholeNumber(1, MAX_SESSION_VERSION),
});
const byId = z.object({ id: uuid() });
const ofOrder = z.object({ orderId: uuid(), userId: uuid() });

/** What each event is about, for the AsyncAPI document and the catalogue. */
interface EventDefinition {
  /** The one service that publishes it (NATS lets no other: nats-permissions.ts). */
  producer: 'users' | 'catalog' | 'orders';
  /** Its consumers: `{service}/{durable consumer}`, each declaring what it reads beside its handlers. */
  consumers: readonly `${'users' | 'catalog' | 'orders'}/${string}`[];
  /** Why nobody consumes it yet, for an event without consumers. */
  unconsumedBecause?: string;
  summary: string;
  payload: z.ZodType;
}

const USER_COPIES = ['orders/users', 'orders/user-access', 'catalog/user-access'] as const;

/** The shop's events, subject by subject: the one description of each (see the top of this file). */
export const EVENTS = {
  'product.created': { producer: 'catalog', consumers: ['orders/products'], summary: 'A product was created', payload: productChanged },
  'product.updated': { producer: 'catalog', consumers: ['orders/products'], summary: "A product's name, image or price changed", payload: productChanged },
  'product.deleted': { producer: 'catalog', consumers: ['orders/products'], summary: 'A product was deleted', payload: byId },
  'user.created': { producer: 'users', consumers: USER_COPIES, summary: 'A user registered (or the admin was created)', payload: userChanged },
  'user.updated': { producer: 'users', consumers: USER_COPIES, summary: "A user's name, email, role or session changed", payload: userChanged },
  'user.deleted': { producer: 'users', consumers: USER_COPIES, summary: 'A user was deleted', payload: byId },
  'order.placed': {
    producer: 'orders',
    consumers: ['catalog/orders'],
    summary: 'An order was stored and waits for its stock',
    payload: z.object({
      orderId: uuid(),
      userId: uuid(),
      items: z.array(z.object({ productId: uuid(), quantity: wholeNumber(1, MAX_QUANTITY) })).min(1).max(MAX_LINES),
    }),
  },
  'order.confirmed': { producer: 'orders', consumers: ['orders/mail'], summary: "An order's stock is reserved: it can be paid", payload: ofOrder },
  'order.cancelled': {
    producer: 'orders',
    consumers: ['catalog/orders', 'orders/mail'],
    summary: 'An order was cancelled; any stock reserved for it goes back',
    payload: ofOrder.extend({ reason: text(1_000) }),
  },
  'order.paid': {
    producer: 'orders',
    consumers: ['orders/mail'],
    summary: 'An order was paid',
    payload: ofOrder.extend({ totalCents: wholeNumber(0, MAX_CENTS), paidAt: time() }),
  },
  'order.delivered': {
    producer: 'orders',
    consumers: ['orders/mail'],
    summary: 'An order was delivered',
    payload: ofOrder.extend({ deliveredAt: time() }),
  },
  'order.refunded': {
    producer: 'orders',
    consumers: ['catalog/orders', 'orders/mail'],
    summary: "A paid order's payment was given back by an admin; an order not delivered yet also gives its stock back",
    payload: ofOrder.extend({ totalCents: wholeNumber(0, MAX_CENTS), refundedAt: time(), restock: z.boolean() }),
  },
  'stock.reserved': { producer: 'catalog', consumers: ['orders/stock'], summary: 'Catalog reserved every line of an order', payload: z.object({ orderId: uuid() }) },
  'stock.rejected': {
    producer: 'catalog',
    consumers: ['orders/stock'],
    summary: "Catalog could not reserve an order's stock; nothing was reserved",
    payload: z.object({
      orderId: uuid(),
      productId: uuid(),
      // Empty when the product is no longer sold (catalog has no name for it any more).
      productName: text(200, { allowEmpty: true }),
      /** Why, in words a customer can read. */
      reason: text(500),
    }),
  },
} as const satisfies Record<string, EventDefinition>;

/** A subject of the shop. */
export type Subject = keyof typeof EVENTS;

/** The payload type of each subject, from its schema. */
export type EventPayloads = { [S in Subject]: z.infer<(typeof EVENTS)[S]['payload']> };

/** What catalog tells the other services of a product. */
export type ProductChanged = z.infer<typeof productChanged>;
export type ProductDeleted = EventPayloads['product.deleted'];
/** What users tells the other services of a user. */
export type UserChanged = z.infer<typeof userChanged>;
export type UserDeleted = EventPayloads['user.deleted'];
/** An order was stored and waits for its stock (orders to catalog). */
export type OrderPlaced = EventPayloads['order.placed'];
export type StockReserved = EventPayloads['stock.reserved'];
/** Catalog could not reserve an order's stock; nothing was reserved. */
export type StockRejected = EventPayloads['stock.rejected'];
export type OrderConfirmed = EventPayloads['order.confirmed'];
/** An order was cancelled; any stock reserved for it goes back. */
export type OrderCancelled = EventPayloads['order.cancelled'];
export type OrderPaid = EventPayloads['order.paid'];
export type OrderDelivered = EventPayloads['order.delivered'];
/** A paid order's payment was given back; `restock` when it was not delivered. */
export type OrderRefunded = EventPayloads['order.refunded'];

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
