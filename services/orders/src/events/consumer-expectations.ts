import type { ConsumerExpectations, PayloadExpectation, ProductChanged, UserChanged } from '@shop/contracts';

/*
 * What the orders service reads of the events it consumes, consumer by
 * consumer (the names their @EventHandler classes give), and what it relies
 * on in each field. CI checks these against the producers' contracts and
 * feeds the handlers payloads holding only these fields (docs/events.md):
 * a handler that starts reading another field must declare it here.
 * The user-access consumer declares its own, in @shop/user-access.
 */

/** PostgreSQL's `integer`, the columns whole numbers land in. */
const INTEGER_MAX = 2_147_483_647;

/**
 * catalog_product: orders are priced from it, so a price is never negative; name and image go to varchar(200) and
 * varchar(500). The stock the events carry is the catalog's own business: orders does not read it.
 */
const productCopy: PayloadExpectation<ProductChanged> = {
  id: 'uuid',
  name: { kind: 'text', maxLength: 200 },
  image: { kind: 'text', maxLength: 500 },
  priceCents: { kind: 'whole number', min: 0, max: INTEGER_MAX },
};

/** customer: the name and email the admin orders table shows (varchar(200), varchar(320)). */
const customerCopy: PayloadExpectation<UserChanged> = {
  id: 'uuid',
  name: { kind: 'text', maxLength: 200 },
  email: { kind: 'text', maxLength: 320 },
};

export const ordersConsumerExpectations = {
  products: {
    'product.created': productCopy,
    'product.updated': productCopy,
    'product.deleted': { id: 'uuid' },
  },
  users: {
    'user.created': customerCopy,
    'user.updated': customerCopy,
    'user.deleted': { id: 'uuid' },
  },
  stock: {
    'stock.reserved': { orderId: 'uuid' },
    // The reason a cancelled order shows its customer: never empty, kept in a varchar(500).
    'stock.rejected': { orderId: 'uuid', reason: { kind: 'text', maxLength: 500, nonEmpty: true } },
  },
  // The customer's mails (src/mail/): the order's id; what the mail says comes from the order itself.
  mail: {
    'order.confirmed': { orderId: 'uuid' },
    'order.paid': { orderId: 'uuid' },
    'order.delivered': { orderId: 'uuid' },
    'order.cancelled': { orderId: 'uuid' },
    'order.refunded': { orderId: 'uuid' },
  },
} satisfies Record<string, ConsumerExpectations>;
