import { Injectable } from '@nestjs/common';
import type { OrderDto } from '@shop/contracts';

/**
 * Where GET /api/users/profile gets the signed-in user's own orders (its
 * `orderList`). The users service holds no orders: until the orders service
 * exists nobody has any, so `NoOrderHistory` answers none. The orders issue
 * provides another implementation under this token in UsersModule.
 */
export abstract class OrderHistory {
  /** The user's orders, newest first. */
  abstract ordersOf(userId: string): Promise<OrderDto[]>;
}

@Injectable()
export class NoOrderHistory extends OrderHistory {
  async ordersOf(): Promise<OrderDto[]> {
    return [];
  }
}
