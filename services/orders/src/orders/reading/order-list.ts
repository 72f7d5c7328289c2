import { BadRequestException, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { OrderDto, OrderSort } from '@shop/contracts';
import { toDollars } from '@shop/pricing';
import { containsPattern, windowOf, type ListWindow } from '@shop/service-kit';
import type { ListOrdersQuery } from '../dto/list-orders.query.js';
import { IS_DELIVERED_SQL, IS_PAID_SQL, STATUS_SQL } from '../lifecycle/order-state-machine.js';
import { Order } from '../order.entity.js';
import { toOrderDto } from './order.views.js';

/** The customer's name as the table shows it: the users service's current one, else the one ordered with. */
const CUSTOMER_NAME = `coalesce(nullif(c.name, ''), o.user_name)`;
const CUSTOMER_EMAIL = `CASE WHEN nullif(c.name, '') IS NULL THEN o.user_email ELSE c.email END`;

/**
 * Each sortable column's SQL. Ties are broken by id in the same direction, so every row has one place;
 * orders not paid or not delivered (no date) come last whichever the direction.
 */
const SORT_COLUMNS: Record<OrderSort, string> = {
  createdAt: 'o.created_at',
  totalPrice: 'o.total_cents',
  userName: `lower(${CUSTOMER_NAME})`,
  paidAt: 'o.paid_at',
  deliveredAt: 'o.delivered_at',
};

/** Rows a batch of the CSV export reads. */
const EXPORT_BATCH = 500;

/** An order as the CSV export lists it: one line an order, amounts in dollars. */
export interface ExportedOrder {
  id: string;
  createdAt: string;
  userId: string;
  userName: string;
  userEmail: string;
  status: string;
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  paidAt: string | null;
  deliveredAt: string | null;
}

interface ExportRow {
  id: string;
  created_at: Date;
  exact_created_at: string;
  user_id: string;
  customer_name: string;
  customer_email: string;
  status: string;
  items_cents: string;
  shipping_cents: string;
  tax_cents: string;
  total_cents: string;
  paid_at: Date | null;
  delivered_at: Date | null;
}

/**
 * The admin orders table (GET /api/orders) and its CSV export: search (an order id or its first
 * characters, or the customer's name or email), filters (state, paid, delivered, a range of days), sort by a
 * column and page. The page's ids and the count of every match are read side by side from
 * customer_order joined with this service's copy of the customers (never a call to the users service),
 * then those orders with their lines in one more query.
 */
@Injectable()
export class OrderList {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of the matching orders, and how many match in all. */
  async page(query: ListOrdersQuery): Promise<{ window: ListWindow; orders: OrderDto[]; total: number }> {
    const window = windowOf(query);
    const { where, params } = filtersOf(query);
    const direction = query.sort ? (query.direction ?? 'asc') : 'desc';
    const order = `${SORT_COLUMNS[query.sort ?? 'createdAt']} ${direction} NULLS LAST, o.id ${direction}`;
    const from = 'FROM customer_order o LEFT JOIN customer c ON c.id = o.user_id';
    const [ids, [{ total }]] = await Promise.all([
      this.dataSource.query<{ id: string }[]>(`SELECT o.id ${from} ${where} ORDER BY ${order} OFFSET $${params.length + 1} LIMIT $${params.length + 2}`, [
        ...params,
        window.offset,
        window.pageSize,
      ]),
      this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total ${from} ${where}`, params),
    ]);
    if (ids.length === 0) return { window, orders: [], total };
    const found = await this.dataSource.getRepository(Order).find({ where: { id: In(ids.map((row) => row.id)) }, relations: { items: true, customer: true } });
    const byId = new Map(found.map((row) => [row.id, row]));
    // An order is never deleted, so every id of the page is found; the filter only keeps the types honest.
    const orders = ids.map((row) => byId.get(row.id)).filter((row): row is Order => row !== undefined);
    return { window, orders: orders.map(toOrderDto), total };
  }

  /**
   * Every matching order, newest first, a batch at a time: each batch starts after the last row of the
   * one before (created_at, id), so a batch costs the same deep in 50,000 orders as at the start, and no
   * transaction stays open between batches.
   */
  async *batches(query: ListOrdersQuery): AsyncGenerator<ExportedOrder[]> {
    const { where, params } = filtersOf(query);
    const before = `${where ? `${where} AND` : 'WHERE'} (o.created_at, o.id) < ($${params.length + 1}::timestamptz, $${params.length + 2}::uuid)`;
    let last = ['infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
    for (;;) {
      const rows = await this.dataSource.query<ExportRow[]>(
        `SELECT o.id, o.created_at, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS exact_created_at,
           o.user_id, ${CUSTOMER_NAME} AS customer_name, ${CUSTOMER_EMAIL} AS customer_email, ${STATUS_SQL} AS status,
           o.items_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.paid_at, o.delivered_at
         FROM customer_order o LEFT JOIN customer c ON c.id = o.user_id
         ${before} ORDER BY o.created_at DESC, o.id DESC LIMIT ${EXPORT_BATCH}`,
        [...params, ...last],
      );
      if (rows.length === 0) return;
      yield rows.map(toExportedOrder);
      const end = rows[rows.length - 1] as ExportRow;
      last = [end.exact_created_at, end.id];
      if (rows.length < EXPORT_BATCH) return;
    }
  }
}

function toExportedOrder(row: ExportRow): ExportedOrder {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    userId: row.user_id,
    userName: row.customer_name,
    userEmail: row.customer_email,
    status: row.status,
    itemsPrice: toDollars(Number(row.items_cents)),
    shippingPrice: toDollars(Number(row.shipping_cents)),
    taxPrice: toDollars(Number(row.tax_cents)),
    totalPrice: toDollars(Number(row.total_cents)),
    paidAt: row.paid_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
  };
}

/** An order id written whole or its first characters: hexadecimal digits and dashes. */
const ID_START = /^[0-9a-f-]{1,36}$/i;

/** The WHERE clause of a query's search and filters (none when there are none) and its parameters. */
function filtersOf(query: ListOrdersQuery): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (query.search) {
    const pattern = param(containsPattern(query.search));
    const matches = [`${CUSTOMER_NAME} ILIKE ${pattern}`, `${CUSTOMER_EMAIL} ILIKE ${pattern}`];
    if (ID_START.test(query.search)) matches.push(`o.id::text LIKE ${param(`${query.search.toLowerCase()}%`)}`);
    conditions.push(`(${matches.join(' OR ')})`);
  }
  if (query.state !== undefined) conditions.push(`o.state = ${param(query.state)}`);
  if (query.paid !== undefined) conditions.push(`${IS_PAID_SQL} = ${param(query.paid)}`);
  if (query.delivered !== undefined) conditions.push(`${IS_DELIVERED_SQL} = ${param(query.delivered)}`);
  if (query.from && query.to && query.from > query.to) throw new BadRequestException('from must be a day before or equal to to');
  if (query.from) conditions.push(`o.created_at >= (${param(query.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (query.to) conditions.push(`o.created_at < (${param(query.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
