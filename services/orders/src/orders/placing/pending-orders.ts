import { Injectable } from '@nestjs/common';
import type { OrderDto } from '@shop/contracts';
import { OrderOutcomes } from './order-outcomes.js';

/** How many pending orders a process remembers at most (the oldest go first). */
const MAX_REMEMBERED = 20_000;
/** An order still pending after this long is read from the database again (something is slow: look). */
const REMEMBER_MS = 5_000;

interface Remembered {
  userId: string;
  /** Undefined while the placement is being stored. */
  order?: OrderDto;
  /** The outcome listener's connection this was remembered under. */
  epoch: number;
  at: number;
}

/**
 * The orders this process placed that are still pending, exactly as `GET /api/orders/{id}` answers
 * them, so that a customer whose page asks again and again while the stock is being reserved is
 * answered from memory: no database read, no connection from the pool taken from the pipeline.
 *
 * Why this is never stale: a pending order changes only by leaving `pending` (StockAnswers, in a
 * transaction that announces it with NOTIFY, delivered to every replica's listener when it commits),
 * and its answer also by its customer's name or email changing (CustomerCopy announces that the same
 * way). An order is forgotten as soon as either is heard, and whatever was remembered is forgotten
 * when the listener's connection is lost (an announcement might go unheard until it is back). An order is
 * remembered only if the listener was up when its placement began and stayed up, and only if its
 * outcome did not come first. Orders placed by another replica, and everything once settled, are
 * read from the database as before.
 */
@Injectable()
export class PendingOrders {
  private readonly remembered = new Map<string, Remembered>();

  constructor(private readonly outcomes: OrderOutcomes) {
    outcomes.subscribe({
      settled: (orderId) => this.remembered.delete(orderId),
      customersChanged: (userIds) => this.forgetCustomers(userIds),
      deaf: () => this.remembered.clear(),
    });
  }

  /** Call before the order is stored: from now on its outcome makes it forgotten. */
  placing(orderId: string, userId: string): void {
    if (!this.outcomes.listening) return;
    const now = Date.now();
    // The map is in the order placements began: what is too old or too many goes from its head.
    for (const [oldest, entry] of this.remembered) {
      if (now - entry.at <= REMEMBER_MS && this.remembered.size < MAX_REMEMBERED) break;
      this.remembered.delete(oldest);
    }
    this.remembered.set(orderId, { userId, epoch: this.outcomes.epoch, at: now });
  }

  /** The order as stored, still pending; remembered unless its outcome came first or the listener was lost meanwhile. */
  placed(order: OrderDto): void {
    const entry = this.remembered.get(order._id);
    if (!entry) return;
    if (entry.epoch !== this.outcomes.epoch || order.status !== 'pending') this.remembered.delete(order._id);
    else entry.order = order;
  }

  /** Their name or email changed: their pending orders are read again (a placement under way is not remembered). */
  private forgetCustomers(userIds: readonly string[]): void {
    const changed = new Set(userIds);
    if (this.remembered.size === 0) return;
    // Also a placement under way: its pricing may have read the old name.
    for (const [orderId, entry] of this.remembered) if (changed.has(entry.userId)) this.remembered.delete(orderId);
  }

  /** The placement failed: nothing to remember. */
  failed(orderId: string): void {
    this.remembered.delete(orderId);
  }

  /** The order, if this process placed it and it is pending now; otherwise undefined (read it from the database). */
  answer(orderId: string): OrderDto | undefined {
    const entry = this.remembered.get(orderId);
    if (!entry?.order) return undefined;
    if (entry.epoch !== this.outcomes.epoch || !this.outcomes.listening || Date.now() - entry.at > REMEMBER_MS) {
      this.remembered.delete(orderId);
      return undefined;
    }
    return entry.order;
  }
}
