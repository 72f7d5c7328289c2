import { Injectable } from '@nestjs/common';
import { Subjects, type OrderPlaced } from '@shop/contracts';
import { Outbox, traceparentOf } from '@shop/event-bus';
import { currentRequestId } from '@shop/service-kit';
import { placementSteps } from '../lifecycle/order-lifecycle.js';
import { TRANSITIONS } from '../lifecycle/order-state-machine.js';
import type { Order } from '../order.entity.js';

/** Most orders one statement stores. */
const MAX_BATCH = 100;

interface Waiting {
  order: Order;
  placed: OrderPlaced;
  /** The placement's request, carried by its order.placed (the statement may run in another's). */
  correlationId: string | undefined;
  /** Its request's trace context, likewise. */
  traceparent: string | undefined;
  stored: () => void;
  failed: (error: unknown) => void;
}

/**
 * Stores placed orders with their lines and their order.placed events. One statement stores whatever
 * placements arrived while the previous one ran: no placement waits for others to come (an order alone
 * is stored at once), and under a crowd an order costs a fraction of a statement and of a commit
 * (docs/order-pipeline.md, "Placements stored together"). A statement is atomic: the orders of a
 * statement that fails are stored again one by one, so that only an order that cannot be stored fails.
 */
@Injectable()
export class OrderWrites {
  private readonly waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly outbox: Outbox) {}

  /** Resolves once the order, its lines and its order.placed are committed. */
  store(order: Order, placed: OrderPlaced): Promise<void> {
    return new Promise((stored, failed) => {
      this.waiting.push({ order, placed, correlationId: currentRequestId(), traceparent: traceparentOf(), stored, failed });
      if (!this.writing) void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_BATCH);
        try {
          await insertOrders(this.outbox, batch);
          for (const placement of batch) placement.stored();
        } catch (error) {
          if (batch.length === 1) {
            batch[0].failed(error);
            continue;
          }
          for (const placement of batch) await insertOrders(this.outbox, [placement]).then(placement.stored, placement.failed);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

/**
 * Stores orders with their lines, the `placed` step of their history (the state machine's `place`) and
 * their order.placed events, in one statement: they commit
 * together or not at all, in one round trip. Its text is the same for any number of orders (prepared).
 */
async function insertOrders(outbox: Outbox, batch: readonly Waiting[]): Promise<void> {
  const orders = batch.map((placement) => placement.order);
  const items = orders.flatMap((order) => order.items.map((item) => ({ ...item, orderId: order.id })));
  await outbox.statement(
    batch.map((placement) => ({ subject: Subjects.OrderPlaced, data: placement.placed, correlationId: placement.correlationId, traceparent: placement.traceparent })),
    (recordEvents) => `
      WITH ${recordEvents},
      placed AS (
        INSERT INTO customer_order (id, user_id, user_name, user_email, shipping_address, shipping_city, shipping_postal_code,
          shipping_country, payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, state, created_at, updated_at)
        SELECT id, user_id, user_name, user_email, shipping_address, shipping_city, shipping_postal_code, shipping_country,
          payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, '${TRANSITIONS.place.to}', created_at, created_at
        FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
          $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::timestamptz[])
          AS o(id, user_id, user_name, user_email, shipping_address, shipping_city, shipping_postal_code, shipping_country,
            payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, created_at)
        RETURNING id, user_id, created_at
      ),
      steps AS (${placementSteps('placed')})
      INSERT INTO order_item (id, order_id, position, product_id, name, image, price_cents, quantity)
      SELECT line.id, line.order_id, line.position, line.product_id, line.name, line.image, line.price_cents, line.quantity
      FROM unnest($15::uuid[], $16::uuid[], $17::smallint[], $18::uuid[], $19::text[], $20::text[], $21::int[], $22::int[])
        AS line(id, order_id, position, product_id, name, image, price_cents, quantity)
      WHERE line.order_id IN (SELECT id FROM placed)`,
    [
      orders.map((order) => order.id),
      orders.map((order) => order.userId),
      orders.map((order) => order.userName),
      orders.map((order) => order.userEmail),
      orders.map((order) => order.shippingAddress),
      orders.map((order) => order.shippingCity),
      orders.map((order) => order.shippingPostalCode),
      orders.map((order) => order.shippingCountry),
      orders.map((order) => order.paymentGateway),
      orders.map((order) => order.itemsCents),
      orders.map((order) => order.shippingCents),
      orders.map((order) => order.taxCents),
      orders.map((order) => order.totalCents),
      orders.map((order) => order.createdAt),
      items.map((item) => item.id),
      items.map((item) => item.orderId),
      items.map((item) => item.position),
      items.map((item) => item.productId),
      items.map((item) => item.name),
      items.map((item) => item.image),
      items.map((item) => item.priceCents),
      items.map((item) => item.quantity),
    ],
  );
}
