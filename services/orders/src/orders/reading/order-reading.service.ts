import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OrderDto, TokenClaims } from '@shop/contracts';
import { readOrder } from './order-reads.js';
import { ORDER_NOT_FOUND } from '../paying/order-payability.js';
import { Order } from '../order.entity.js';
import { settledView, toOrderDto } from './order.views.js';
import { PaymentRefunds } from '../paying/payment-refunds.js';
import { OrderOutcomes } from '../placing/order-outcomes.js';
import { PendingOrders } from '../placing/pending-orders.js';

/**
 * How long a read of a pending order waits for its outcome when the reader asks nothing (`Prefer: wait=N`
 * asks otherwise, `wait=0` not at all): a client that asks again and again (the bench's pollers every
 * 20 ms, a page reloaded) then gets the outcome in one read instead of many (docs/order-pipeline.md).
 */
export const PENDING_READ_WAIT_MS = 250;
/** At most this many reads wait at once in a process; the next ones are answered at once. */
const MAX_WAITING_READS = 1_000;

/** Reading orders: a buyer's own, and one order for its buyer or an admin. */
@Injectable()
export class OrderReading {
  constructor(
    private readonly dataSource: DataSource,
    private readonly refunds: PaymentRefunds,
    private readonly pending: PendingOrders,
    private readonly outcomes: OrderOutcomes,
  ) {}

  /** Reads of pending orders waiting for their outcome now. */
  private waitingReads = 0;

  /** The caller's own orders, newest first. */
  async mine(userId: string): Promise<OrderDto[]> {
    const orders = await this.dataSource.getRepository(Order).find({
      where: { userId },
      relations: { items: true, customer: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return orders.map(toOrderDto);
  }

  /**
   * One order, for its owner or an admin; anyone else learns nothing, not even that it exists. Admins also
   * see the captures given back for it (`refunds`), when there are any. A pending order is answered once
   * it is confirmed or cancelled, or still pending after `waitMs`; only while outcomes are heard
   * (`OrderOutcomes.listening`), else at once.
   */
  async detail(id: string, reader: TokenClaims, waitMs = 0): Promise<OrderDto> {
    // Listening starts before the read, so that an outcome between the two is not missed.
    const outcome = waitMs > 0 && this.outcomes.listening && this.waitingReads < MAX_WAITING_READS ? this.outcomes.expect(id) : undefined;
    try {
      const order = await this.readFor(id, reader);
      if (!outcome || order.status !== 'pending') return order;
      this.waitingReads++;
      try {
        const settled = await outcome.settled(waitMs);
        if (!settled) return order;
        // The answer a read would give now, without reading (an outcome heard late, paid say, is read).
        return settledView(order, settled) ?? (await this.readFor(id, reader));
      } finally {
        this.waitingReads--;
      }
    } finally {
      outcome?.cancel();
    }
  }

  private async readFor(id: string, reader: TokenClaims): Promise<OrderDto> {
    const order = (reader.isAdmin ? undefined : this.pending.answer(id)) ?? (await this.view(id));
    if (!reader.isAdmin && order.user._id !== reader.sub) throw new NotFoundException(ORDER_NOT_FOUND);
    if (!reader.isAdmin) return order;
    const refunds = await this.refunds.of(id);
    return refunds.length > 0 ? { ...order, refunds } : order;
  }

  /** One order as the API answers it (404 when there is none). */
  async view(id: string): Promise<OrderDto> {
    const order = await readOrder(this.dataSource.manager, id);
    if (!order) throw new NotFoundException(ORDER_NOT_FOUND);
    return toOrderDto(order);
  }
}
