import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OrderDto } from '@shop/contracts';
import { REQUEST_ID_HEADER, SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';

/** The caller on whose behalf the orders are read: the orders service checks the same token. */
export interface OrderReader {
  userId: string;
  /** The caller's `Authorization` header. */
  authorization: string;
  requestId?: string;
}

/**
 * Where GET /api/users/profile gets the signed-in user's own orders (its
 * `orderList`). The users service holds no orders; it asks the orders service.
 * Undefined means the orders could not be read (the orders service is down):
 * the profile still answers, with no orders and `ordersUnavailable`.
 */
export abstract class OrderHistory {
  /** The user's orders, newest first; undefined when they cannot be read now. */
  abstract ordersOf(reader: OrderReader): Promise<OrderDto[] | undefined>;
}

/** Reads the orders from GET {ORDERS_URL}/api/orders/mine with the caller's own token. */
@Injectable()
export class OrdersServiceHistory extends OrderHistory {
  private readonly logger = new Logger('OrderHistory');
  private readonly url: string;
  private readonly timeoutMs: number;

  constructor(@Inject(SERVICE_CONFIG) config: UsersConfig) {
    super();
    this.url = new URL('/api/orders/mine', config.ORDERS_URL).toString();
    this.timeoutMs = config.ORDERS_TIMEOUT_MS;
  }

  async ordersOf(reader: OrderReader): Promise<OrderDto[] | undefined> {
    try {
      const res = await fetch(this.url, {
        headers: {
          authorization: reader.authorization,
          accept: 'application/json',
          ...(reader.requestId ? { [REQUEST_ID_HEADER]: reader.requestId } : {}),
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      return (await res.json()) as OrderDto[];
    } catch (error) {
      this.logger.warn(`orders of ${reader.userId} cannot be read: ${String(error)}`);
      return undefined;
    }
  }
}
