import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEvent } from '@shop/event-bus';
import { CUSTOMERS_LINGER_MS, CustomerCopy } from '../customers/customer-copy.js';

/** user.deleted: the customer is marked deleted; their orders keep their name. */
@EventHandler({ consumer: 'users', subject: Subjects.UserDeleted, lingerMs: CUSTOMERS_LINGER_MS })
export class UserDeletedHandler implements HandlesEvent<'user.deleted'> {
  constructor(private readonly customers: CustomerCopy) {}

  handle(event: EventEnvelope<'user.deleted'>, manager: EntityManager): Promise<void> {
    return this.customers.deleted(event, manager);
  }
}
