import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { toDollars } from '@shop/pricing';
import { prepared } from '@shop/service-kit';
import type { DashboardResponse } from './dto/dashboard.response.js';
import { DISPLAY_STATE_SQL, DISPLAY_STATES, IS_SALE_SQL, type DisplayState } from './order-display-state.js';

/** The dashboard's window: this many UTC days, today included. */
export const DASHBOARD_DAYS = 30;
/** How many best-selling products the dashboard lists. */
export const TOP_PRODUCTS = 10;

const DAY_MS = 86_400_000;

/** The dashboard's window for a moment: from the start of the UTC day DASHBOARD_DAYS - 1 days before, to the end of its UTC day. */
export function dashboardWindowOf(now: Date): { from: Date; to: Date } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  return { from: new Date(to.getTime() - DASHBOARD_DAYS * DAY_MS), to };
}

// Each day of the window, zero-filled; the sales are summed in the index on paid_at (partial: paid orders).
const SALES_PER_DAY = `
  SELECT to_char(day.start, 'YYYY-MM-DD') AS date, coalesce(paid.orders, 0)::int AS orders, coalesce(paid.cents, 0)::bigint AS cents
  FROM generate_series($1::timestamptz AT TIME ZONE 'UTC', $2::timestamptz AT TIME ZONE 'UTC' - interval '1 day', interval '1 day') AS day(start)
  LEFT JOIN (
    SELECT date_trunc('day', o.paid_at AT TIME ZONE 'UTC') AS start, count(*) AS orders, sum(o.total_cents) AS cents
    FROM customer_order o
    WHERE o.paid_at >= $1 AND o.paid_at < $2 AND ${IS_SALE_SQL}
    GROUP BY 1
  ) AS paid ON paid.start = day.start
  ORDER BY day.start`;

const ORDERS_BY_STATE = `
  SELECT ${DISPLAY_STATE_SQL} AS state, count(*)::int AS count
  FROM customer_order o
  WHERE o.created_at >= $1 AND o.created_at < $2
  GROUP BY 1`;

// Summed first, named after: only the ten listed look up their name, from their latest paid line (a
// product renamed in the window shows its latest name), and the sums need no sort of every line.
const TOP_SOLD_PRODUCTS = `
  WITH sold AS (
    SELECT i.product_id, sum(i.quantity)::int AS quantity, sum(i.price_cents::bigint * i.quantity)::bigint AS cents, max(o.paid_at) AS last_paid
    FROM customer_order o JOIN order_item i ON i.order_id = o.id
    WHERE o.paid_at >= $1 AND o.paid_at < $2 AND ${IS_SALE_SQL}
    GROUP BY i.product_id
    ORDER BY quantity DESC, cents DESC, i.product_id
    LIMIT ${TOP_PRODUCTS})
  SELECT sold.product_id, sold.quantity, sold.cents,
    (SELECT i.name FROM customer_order o JOIN order_item i ON i.order_id = o.id
     WHERE o.paid_at = sold.last_paid AND i.product_id = sold.product_id LIMIT 1) AS name
  FROM sold
  ORDER BY sold.quantity DESC, sold.cents DESC, sold.product_id`;

/** The dashboard's statements by name, each taking the window's start and end ($1, $2): what the admin bench explains. */
export const DASHBOARD_STATEMENTS = { salesPerDay: SALES_PER_DAY, ordersByState: ORDERS_BY_STATE, topProducts: TOP_SOLD_PRODUCTS } as const;

/**
 * The admin dashboard's figures, each a SQL aggregate over the orders database: sales per UTC day (paid
 * orders by the day they were paid), the orders placed in the window by display state, and the
 * best-selling products (units in paid orders). See docs/orders.md, "Dashboard".
 */
@Injectable()
export class DashboardService {
  constructor(private readonly dataSource: DataSource) {}

  async read(now = new Date()): Promise<DashboardResponse> {
    const { from, to } = dashboardWindowOf(now);
    const window = [from, to];
    // Three independent reads on three connections: the answer takes as long as the slowest.
    const [days, states, top] = await Promise.all([
      this.dataSource.query<{ date: string; orders: number; cents: string }[]>(prepared(SALES_PER_DAY), window),
      this.dataSource.query<{ state: DisplayState; count: number }[]>(prepared(ORDERS_BY_STATE), window),
      this.dataSource.query<{ product_id: string; name: string; quantity: number; cents: string }[]>(prepared(TOP_SOLD_PRODUCTS), window),
    ]);
    const counts = new Map(states.map((row) => [row.state, row.count]));
    return {
      days: days.map((day) => ({ date: day.date, orders: day.orders, sales: toDollars(Number(day.cents)) })),
      byState: DISPLAY_STATES.map((state) => ({ state, count: counts.get(state) ?? 0 })),
      topProducts: top.map((row) => ({ productId: row.product_id, name: row.name, quantity: row.quantity, sales: toDollars(Number(row.cents)) })),
      generatedAt: now.toISOString(),
    };
  }
}
