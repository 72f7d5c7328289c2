import type { ConsumerExpectations } from '@shop/contracts';

/*
 * What the catalog service reads of the events it consumes, consumer by
 * consumer (the names their @EventHandler classes give), and what it relies
 * on in each field. CI checks these against the producers' contracts and
 * feeds the handlers payloads holding only these fields (docs/events.md):
 * a handler that starts reading another field must declare it here.
 * The user-access consumer declares its own, in @shop/user-access.
 */
export const catalogConsumerExpectations = {
  orders: {
    // A reservation takes stock away: a quantity below 1 would give stock instead. An order has lines.
    'order.placed': {
      orderId: 'uuid',
      items: { kind: 'list', minEntries: 1, of: { productId: 'uuid', quantity: { kind: 'whole number', min: 1, max: 2_147_483_647 } } },
    },
    'order.cancelled': { orderId: 'uuid' },
    // Stock goes back only for an order not delivered yet.
    'order.refunded': { orderId: 'uuid', restock: 'boolean' },
  },
} satisfies Record<string, ConsumerExpectations>;
