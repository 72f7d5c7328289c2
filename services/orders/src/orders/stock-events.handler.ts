import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Subjects, type StockRejected, type StockReserved } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { Order } from './order.entity.js';

/**
 * The orders side of the stock saga: the catalog's answer to order.placed
 * confirms or cancels the order. Only a pending order moves, so a late or
 * repeated answer changes nothing, and a cancelled order stays cancelled.
 */
@Injectable()
export class StockEventsHandler {
  private readonly logger = new Logger('OrderSaga');

  constructor(private readonly outbox: Outbox) {}

  async reserved({ orderId }: StockReserved, manager: EntityManager): Promise<void> {
    const userId = await this.leavePending(manager, orderId, { status: 'confirmed' });
    if (!userId) return;
    await this.outbox.add(manager, Subjects.OrderConfirmed, { orderId, userId });
  }

  async rejected({ orderId, reason }: StockRejected, manager: EntityManager): Promise<void> {
    const userId = await this.leavePending(manager, orderId, { status: 'cancelled', cancelReason: reason });
    if (!userId) return;
    await this.outbox.add(manager, Subjects.OrderCancelled, { orderId, userId, reason });
  }

  /** Moves a pending order on; answers its customer's id, or nothing when the order was not pending. */
  private async leavePending(
    manager: EntityManager,
    orderId: string,
    change: Pick<Order, 'status'> & Partial<Pick<Order, 'cancelReason'>>,
  ): Promise<string | undefined> {
    const result = await manager
      .createQueryBuilder()
      .update(Order)
      .set({ ...change, updatedAt: new Date() })
      .where('id = :orderId AND status = :pending', { orderId, pending: 'pending' })
      .returning('user_id')
      .execute();
    const [row] = result.raw as { user_id: string }[];
    if (!row) {
      this.logger.log(`stock answer for order ${orderId} ignored: the order is not pending`);
      return undefined;
    }
    this.logger.log(`order ${orderId} ${change.status}${change.cancelReason ? `: ${change.cancelReason}` : ''}`);
    return row.user_id;
  }
}
