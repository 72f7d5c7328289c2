import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { CUSTOMERS_LINGER_MS, CustomerCopy } from '../customers/customer-copy.js';

/** user.created: the new user's name and email, shown with their orders in the admin's table. */
@EventHandler({ consumer: 'users', subject: Subjects.UserCreated, lingerMs: CUSTOMERS_LINGER_MS })
export class UserCreatedHandler implements HandlesEventBatch<'user.created'> {
  constructor(private readonly customers: CustomerCopy) {}

  handleBatch(events: EventEnvelope<'user.created'>[], manager: EntityManager): Promise<void> {
    return this.customers.changed(events, manager);
  }
}
