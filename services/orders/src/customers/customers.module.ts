import { Module, type OnModuleInit } from '@nestjs/common';
import { Subjects } from '@shop/contracts';
import { EventConsumers } from '@shop/event-bus';
import { UserEventsHandler } from './user-events.handler.js';

/** The copy of the shop's users that names each order's customer, fed by the users service's events. */
@Module({ providers: [UserEventsHandler] })
export class CustomersModule implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly users: UserEventsHandler,
  ) {}

  onModuleInit(): void {
    this.consumers.subscribe('users', {
      [Subjects.UserCreated]: { batch: (events, manager) => this.users.changed(events, manager) },
      [Subjects.UserUpdated]: { batch: (events, manager) => this.users.changed(events, manager) },
      [Subjects.UserDeleted]: (event, manager) => this.users.deleted(event, manager),
    });
  }
}
