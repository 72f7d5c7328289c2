import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { CUSTOMERS_LINGER_MS, CustomerCopy } from '../customers/customer-copy.js';

/** user.updated: the customer's new name and email (the newest event wins). */
@EventHandler({ consumer: 'users', subject: Subjects.UserUpdated, lingerMs: CUSTOMERS_LINGER_MS })
export class UserUpdatedHandler implements HandlesEventBatch<'user.updated'> {
  constructor(private readonly customers: CustomerCopy) {}

  handleBatch(events: EventEnvelope<'user.updated'>[], manager: EntityManager): Promise<void> {
    return this.customers.changed(events, manager);
  }
}
