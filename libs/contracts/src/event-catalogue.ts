import { EVENTS, type EventPayloads, type Subject } from './events.js';
import type { NatsService } from './nats-permissions.js';

/**
 * A consumer of events: the service and the name of its durable consumer
 * (the `consumer` its `@EventHandler`s give), e.g. `orders/products`.
 */
export type ConsumerName = `${NatsService}/${string}`;

/** Who publishes a subject and who consumes it. */
export interface EventRoute {
  /** The one service that publishes it (NATS lets no other: see nats-permissions.ts). */
  producer: NatsService;
  /** Every consumer of it; each declares what it reads (its consumer expectations) beside its handlers. */
  consumers: readonly ConsumerName[];
  /** Why nobody consumes it yet, for a subject without consumers. */
  unconsumedBecause?: string;
}

/**
 * The shop's events, subject by subject: the producer and the consumers, as events.ts describes each.
 * Each service's contract tests hold its part of it to the code: the consumers it really subscribes and
 * the subjects it really publishes.
 */
export const eventCatalogue: { readonly [S in Subject]: EventRoute } = Object.fromEntries(
  (Object.keys(EVENTS) as Subject[]).map((subject) => {
    const event: { producer: NatsService; consumers: readonly ConsumerName[]; unconsumedBecause?: string } = EVENTS[subject];
    return [subject, { producer: event.producer, consumers: event.consumers, ...(event.unconsumedBecause ? { unconsumedBecause: event.unconsumedBecause } : {}) }];
  }),
) as { readonly [S in Subject]: EventRoute };

/** The subjects `service` publishes, by the catalogue. */
export function subjectsProducedBy(service: NatsService): Subject[] {
  return (Object.keys(eventCatalogue) as Subject[]).filter((subject) => eventCatalogue[subject].producer === service);
}

const ids = {
  product: '0b7e3c1a-4f2d-4e8b-9a6c-1d2e3f4a5b6c',
  otherProduct: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
  user: '7f1e2d3c-4b5a-4697-8877-665544332211',
  order: '3a2b1c0d-9e8f-4a6b-8c5d-4e3f2a1b0c9d',
};

/**
 * One canonical payload per subject, valid by its contract (a contracts test
 * holds them to it): what a consumer's tests feed its handlers, as the
 * producer would send it.
 */
export const eventExamples: { readonly [S in Subject]: EventPayloads[S] } = {
  'product.created': { id: ids.product, name: 'Desk lamp', image: '/uploads/desk-lamp.png', priceCents: 34_99, countInStock: 12 },
  'product.updated': { id: ids.product, name: 'Desk lamp II', image: '/uploads/desk-lamp-2.png', priceCents: 39_50, countInStock: 11 },
  'product.deleted': { id: ids.product },
  'user.created': { id: ids.user, name: 'Ada Lovelace', email: 'ada@example.com', isAdmin: false, sessionVersion: 1 },
  'user.updated': { id: ids.user, name: 'Ada King', email: 'ada.king@example.com', isAdmin: true, sessionVersion: 2 },
  'user.deleted': { id: ids.user },
  'order.placed': {
    orderId: ids.order,
    userId: ids.user,
    items: [
      { productId: ids.product, quantity: 2 },
      { productId: ids.otherProduct, quantity: 1 },
    ],
  },
  'order.confirmed': { orderId: ids.order, userId: ids.user },
  'order.cancelled': { orderId: ids.order, userId: ids.user, reason: 'Not paid in time' },
  'order.paid': { orderId: ids.order, userId: ids.user, totalCents: 127_87, paidAt: '2026-11-23T10:15:00.000Z' },
  'order.delivered': { orderId: ids.order, userId: ids.user, deliveredAt: '2026-11-25T16:40:00.000Z' },
  'order.refunded': { orderId: ids.order, userId: ids.user, totalCents: 127_87, refundedAt: '2026-11-26T09:00:00.000Z', restock: true },
  'stock.reserved': { orderId: ids.order },
  'stock.rejected': { orderId: ids.order, productId: ids.product, productName: 'Desk lamp', reason: 'Only 1 of Desk lamp left in stock' },
};
