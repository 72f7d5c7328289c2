import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BUYER_ORDER_EVENT_TYPES, type OrderEventActorKind, type OrderEventDto, type OrderEventType, type OrderState, type TokenClaims } from '@shop/contracts';
import { prepared, type ListWindow } from '@shop/service-kit';
import { ORDER_NOT_FOUND } from '../paying/order-payability.js';

interface StepRow {
  id: string;
  type: OrderEventType;
  at: Date;
  to_state: OrderState | null;
  actor_kind: OrderEventActorKind;
  actor_id: string | null;
  actor_name: string | null;
  reason: string | null;
  details: Record<string, string | number>;
}

// The buyer's steps only when `$2` names them (a buyer's reading), every step for an admin's (`$2` null); in
// the order of the bigint ids (not of their text, which the answer carries).
const STEPS = `
  SELECT e.id::text AS id, e.type, e.at, e.to_state, e.actor_kind, e.actor_id, e.actor_name, e.reason, e.details
  FROM order_event e
  WHERE e.order_id = $1 AND ($2::text[] IS NULL OR e.type = ANY($2::text[]))
  ORDER BY e.id
  OFFSET $3 LIMIT $4`;
const COUNT = `SELECT count(*)::int AS total FROM order_event WHERE order_id = $1 AND ($2::text[] IS NULL OR type = ANY($2::text[]))`;

/**
 * An order's history (GET /api/orders/{id}/history), oldest step first, a page at a time: for its buyer,
 * the order's own moves (BUYER_ORDER_EVENT_TYPES) with their dates and reasons; for an admin, every step
 * with who made it and its details. Anyone else learns nothing, not even that the order exists.
 */
@Injectable()
export class OrderHistory {
  constructor(private readonly dataSource: DataSource) {}

  async page(orderId: string, reader: TokenClaims, window: ListWindow): Promise<{ steps: OrderEventDto[]; total: number }> {
    const [order]: { user_id: string }[] = await this.dataSource.query(prepared(`SELECT user_id FROM customer_order WHERE id = $1`), [orderId]);
    if (!order || (!reader.isAdmin && order.user_id !== reader.sub)) throw new NotFoundException(ORDER_NOT_FOUND);
    const types = reader.isAdmin ? null : [...BUYER_ORDER_EVENT_TYPES];
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<StepRow[]>(prepared(STEPS), [orderId, types, window.offset, window.pageSize]),
      this.dataSource.query<{ total: number }[]>(prepared(COUNT), [orderId, types]),
    ]);
    return { steps: rows.map((row) => (reader.isAdmin ? forAdmin(row) : forBuyer(row))), total };
  }
}

function forBuyer(row: StepRow): OrderEventDto {
  return {
    _id: row.id,
    type: row.type,
    at: row.at.toISOString(),
    ...(row.to_state && { state: row.to_state }),
    actor: { kind: row.actor_kind },
    ...(row.reason !== null && { reason: row.reason }),
  };
}

function forAdmin(row: StepRow): OrderEventDto {
  return {
    ...forBuyer(row),
    actor: { kind: row.actor_kind, ...(row.actor_id && { _id: row.actor_id }), ...(row.actor_name !== null && { name: row.actor_name }) },
    ...(Object.keys(row.details).length > 0 && { details: row.details }),
  };
}
