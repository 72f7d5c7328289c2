import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OrderDto, TokenClaims } from '@shop/contracts';
import { readOrder } from './order-reads.js';
import { ORDER_NOT_FOUND } from '../paying/order-payability.js';
import { Order } from '../order.entity.js';
import { toOrderDto } from './order.views.js';
import { PaymentRefunds } from '../paying/payment-refunds.js';
import { PendingOrders } from '../placing/pending-orders.js';

/** Reading orders: a buyer's own, and one order for its buyer or an admin. */
@Injectable()
export class OrderReading {
  constructor(
    private readonly dataSource: DataSource,
    private readonly refunds: PaymentRefunds,
    private readonly pending: PendingOrders,
  ) {}

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
   * see the captures given back for it (`refunds`), when there are any.
   */
  async detail(id: string, reader: TokenClaims): Promise<OrderDto> {
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
