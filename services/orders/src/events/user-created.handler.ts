import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { CustomerCopy } from '../customers/customer-copy.js';
import { OrderOutcomes } from '../orders/order-outcomes.js';

/** user.created: the new user's name and email, shown with their orders in the admin's table. */
@EventHandler({ consumer: 'users', subject: Subjects.UserCreated })
export class UserCreatedHandler implements HandlesEventBatch<'user.created'> {
  constructor(
    private readonly customers: CustomerCopy,
    private readonly outcomes: OrderOutcomes,
  ) {}

  async handleBatch(events: EventEnvelope<'user.created'>[], manager: EntityManager): Promise<void> {
    await this.customers.changed(events, manager);
    // Pending orders answered from memory name their customer: they are read again once this commits.
    await this.outcomes.announceCustomers(manager, events.map((event) => event.data.id));
  }
}
