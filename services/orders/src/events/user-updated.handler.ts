import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { CustomerCopy } from '../customers/customer-copy.js';
import { OrderOutcomes } from '../orders/order-outcomes.js';

/** user.updated: the customer's new name and email (the newest event wins). */
@EventHandler({ consumer: 'users', subject: Subjects.UserUpdated })
export class UserUpdatedHandler implements HandlesEventBatch<'user.updated'> {
  constructor(
    private readonly customers: CustomerCopy,
    private readonly outcomes: OrderOutcomes,
  ) {}

  async handleBatch(events: EventEnvelope<'user.updated'>[], manager: EntityManager): Promise<void> {
    await this.customers.changed(events, manager);
    // Pending orders answered from memory name their customer: they are read again once this commits.
    await this.outcomes.announceCustomers(manager, events.map((event) => event.data.id));
  }
}
