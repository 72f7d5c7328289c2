import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { enqueueMails } from '@shop/mail';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { OrdersConfig } from '../config.js';
import { readOrders } from '../orders/reading/order-reads.js';
import { orderMailOf, type OrderMailSubject } from './order-mails.js';

/** The durable consumer of the order mails (`orders/mail` in the event catalogue). */
export const ORDER_MAIL_CONSUMER = 'mail';
/**
 * Its batching window (`lingerMs`): mails are sent from the mail outbox anyway, so half a second more
 * costs a shopper nothing, and a quiet shop's orders then make a few transactions instead of one each.
 */
const ORDER_MAIL_LINGER_MS = 500;

/**
 * How old an event may be and still be mailed about. The stream keeps every event, and a consumer
 * reads it from its start when it is new (or its position is lost): without this, the first deploy of
 * the mails would tell every customer about every order they ever placed.
 */
export const MAIL_MAX_EVENT_AGE_MS = 24 * 3600 * 1000;

/**
 * Records the customers' mails of a run of order events, in the transaction that records the events as
 * handled: a redelivered event finds it handled, and even an event handled twice mails once (the mail's
 * key is the subject and the order). A mail says what the order is now. The consumer hands a run of
 * consecutive events of one subject at once: their orders are read in one statement and their mails
 * recorded in one (under a sale, the confirmations come a dozen at a time; docs/order-pipeline.md).
 */
@Injectable()
export class OrderMailHandler<S extends OrderMailSubject> implements HandlesEventBatch<S> {
  private readonly logger = new Logger('OrderMails');

  constructor(@Inject(SERVICE_CONFIG) private readonly config: OrdersConfig) {}

  async handleBatch(events: EventEnvelope<S>[], manager: EntityManager): Promise<void> {
    const now = Date.now();
    const recent = events.filter((event) => {
      if (now - Date.parse(event.occurredAt) <= MAIL_MAX_EVENT_AGE_MS) return true;
      this.logger.debug(`no mail of ${event.subject} ${event.id}: it is older than a day`);
      return false;
    });
    const orders = await readOrders(manager, [...new Set(recent.map((event) => event.data.orderId))]);
    const mails = recent.flatMap((event) => {
      const order = orders.get(event.data.orderId);
      return order ? [orderMailOf(event.subject, order, this.config.PUBLIC_URL)] : [];
    });
    await enqueueMails(manager, mails);
  }
}

/** order.confirmed: the order's stock is reserved, it can be paid. */
@EventHandler({ consumer: ORDER_MAIL_CONSUMER, subject: Subjects.OrderConfirmed, lingerMs: ORDER_MAIL_LINGER_MS })
export class OrderConfirmedMailHandler extends OrderMailHandler<'order.confirmed'> {}

/** order.paid: the payment was received. */
@EventHandler({ consumer: ORDER_MAIL_CONSUMER, subject: Subjects.OrderPaid, lingerMs: ORDER_MAIL_LINGER_MS })
export class OrderPaidMailHandler extends OrderMailHandler<'order.paid'> {}

/** order.delivered: the admin marked the order delivered. */
@EventHandler({ consumer: ORDER_MAIL_CONSUMER, subject: Subjects.OrderDelivered, lingerMs: ORDER_MAIL_LINGER_MS })
export class OrderDeliveredMailHandler extends OrderMailHandler<'order.delivered'> {}

/** order.cancelled: stock was refused or the payment did not come in time; the mail gives the order's reason. */
@EventHandler({ consumer: ORDER_MAIL_CONSUMER, subject: Subjects.OrderCancelled, lingerMs: ORDER_MAIL_LINGER_MS })
export class OrderCancelledMailHandler extends OrderMailHandler<'order.cancelled'> {}

/** order.refunded: the payment went back. */
@EventHandler({ consumer: ORDER_MAIL_CONSUMER, subject: Subjects.OrderRefunded, lingerMs: ORDER_MAIL_LINGER_MS })
export class OrderRefundedMailHandler extends OrderMailHandler<'order.refunded'> {}
