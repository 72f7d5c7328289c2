import type { EntityManager } from 'typeorm';
import { prepared } from '@shop/service-kit';
import type { Customer } from '../../customers/customer.entity.js';
import type { OrderItem } from '../order-item.entity.js';
import type { Order } from '../order.entity.js';

/**
 * One order with its lines and its customer copy in one statement: the lines come as one JSON array
 * (in their positions), the customer by a LEFT JOIN. TypeORM's findOne with two relations costs two
 * statements (it first looks for the distinct id to apply its LIMIT) and most of a read's CPU in
 * building and hydrating them; this is the read behind every answer of one order.
 */
const ORDER_WITH_LINES = `
  SELECT o.id, o.user_id, o.user_name, o.user_email, o.shipping_address, o.shipping_city, o.shipping_postal_code,
    o.shipping_country, o.payment_gateway, o.items_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.state,
    o.cancel_reason, o.payable_until, o.paid_at, o.paypal_order_id, o.paypal_capture_id, o.payment_result,
    o.delivered_at, o.cancelled_at, o.cancelled_by_id, o.cancelled_by_name, o.refunded_at, o.refunded_by_id,
    o.refunded_by_name, o.created_at, o.updated_at,
    c.name AS customer_name, c.email AS customer_email, c.deleted AS customer_deleted, c.changed_at AS customer_changed_at,
    (SELECT json_agg(json_build_object('id', i.id, 'position', i.position, 'productId', i.product_id, 'name', i.name,
        'image', i.image, 'priceCents', i.price_cents, 'quantity', i.quantity) ORDER BY i.position)
      FROM order_item i WHERE i.order_id = o.id) AS items
  FROM customer_order o LEFT JOIN customer c ON c.id = o.user_id
  WHERE o.id = $1`;

/** ORDER_WITH_LINES for an array of ids (`$1::uuid[]`): one text for any number, so it is prepared once. */
const ORDERS_WITH_LINES = ORDER_WITH_LINES.replace('WHERE o.id = $1', 'WHERE o.id = ANY($1::uuid[])');

interface OrderRow {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  shipping_address: string;
  shipping_city: string;
  shipping_postal_code: string;
  shipping_country: string;
  payment_gateway: Order['paymentGateway'];
  /** bigint: the driver answers a string. */
  items_cents: string;
  shipping_cents: string;
  tax_cents: string;
  total_cents: string;
  state: Order['state'];
  cancel_reason: string | null;
  payable_until: Date | null;
  paid_at: Date | null;
  paypal_order_id: string | null;
  paypal_capture_id: string | null;
  payment_result: Order['paymentResult'];
  delivered_at: Date | null;
  cancelled_at: Date | null;
  cancelled_by_id: string | null;
  cancelled_by_name: string | null;
  refunded_at: Date | null;
  refunded_by_id: string | null;
  refunded_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  customer_name: string | null;
  customer_email: string | null;
  customer_deleted: boolean | null;
  customer_changed_at: Date | null;
  items: Omit<OrderItem, 'order'>[] | null;
}

/** The buyer as this service's copy of the users knows them, from a row's customer_* columns; null when not known yet. */
export function customerOf(id: string, row: Pick<OrderRow, 'customer_name' | 'customer_email' | 'customer_deleted' | 'customer_changed_at'>): Customer | null {
  const { customer_name: name, customer_email: email, customer_deleted: deleted, customer_changed_at: changedAt } = row;
  if (name === null || email === null || deleted === null || changedAt === null) return null;
  return { id, name, email, deleted, changedAt: new Date(changedAt) };
}

/** The order with its lines and customer, or undefined when there is none with that id. */
export async function readOrder(manager: EntityManager, id: string): Promise<Order | undefined> {
  const [row]: OrderRow[] = await manager.query(prepared(ORDER_WITH_LINES), [id]);
  return row ? orderOfRow(row) : undefined;
}

/** The same for several orders in one statement (the mail consumer's batch): those that exist, by id. */
export async function readOrders(manager: EntityManager, ids: readonly string[]): Promise<Map<string, Order>> {
  const rows: OrderRow[] = ids.length === 0 ? [] : await manager.query(prepared(ORDERS_WITH_LINES), [ids]);
  return new Map(rows.map((row) => [row.id, orderOfRow(row)]));
}

function orderOfRow(row: OrderRow): Order {
  const order: Order = {
    id: row.id,
    userId: row.user_id,
    customer: customerOf(row.user_id, row),
    userName: row.user_name,
    userEmail: row.user_email,
    items: [],
    shippingAddress: row.shipping_address,
    shippingCity: row.shipping_city,
    shippingPostalCode: row.shipping_postal_code,
    shippingCountry: row.shipping_country,
    paymentGateway: row.payment_gateway,
    itemsCents: Number(row.items_cents),
    shippingCents: Number(row.shipping_cents),
    taxCents: Number(row.tax_cents),
    totalCents: Number(row.total_cents),
    state: row.state,
    cancelReason: row.cancel_reason,
    payableUntil: row.payable_until,
    paidAt: row.paid_at,
    paypalOrderId: row.paypal_order_id,
    paypalCaptureId: row.paypal_capture_id,
    paymentResult: row.payment_result,
    deliveredAt: row.delivered_at,
    cancelledAt: row.cancelled_at,
    cancelledById: row.cancelled_by_id,
    cancelledByName: row.cancelled_by_name,
    refundedAt: row.refunded_at,
    refundedById: row.refunded_by_id,
    refundedByName: row.refunded_by_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  order.items = (row.items ?? []).map((item) => ({ ...item, order }));
  return order;
}
