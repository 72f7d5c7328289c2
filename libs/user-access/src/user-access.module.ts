import { Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Subjects } from '@shop/contracts';
import { EventConsumers } from '@shop/event-bus';
import type { AuthOptions } from '@shop/service-kit';
import { USER_ACCESS_CONSUMER } from './consumer-expectations.js';
import { PgUserStandings } from './pg-user-standings.js';
import { applyUserChanges, applyUserDeletions } from './user-access.handler.js';

/**
 * Keeps, from the users service's events, each user's session version and
 * role in `user_access` (list `userAccessMigrations` among the service's
 * migrations), so that the service refuses ended sessions and lost roles.
 */
@Module({})
export class UserAccessModule implements OnModuleInit {
  constructor(private readonly consumers: EventConsumers) {}

  onModuleInit(): void {
    this.consumers.subscribe(USER_ACCESS_CONSUMER, {
      [Subjects.UserCreated]: { batch: applyUserChanges },
      [Subjects.UserUpdated]: { batch: applyUserChanges },
      [Subjects.UserDeleted]: { batch: applyUserDeletions },
    });
  }
}

/** `AuthModule.forRoot({ standings: userAccessStandings, … })`: standings from `user_access`. */
export const userAccessStandings: AuthOptions['standings'] = {
  useFactory: (db: DataSource) => new PgUserStandings(db),
  inject: [DataSource],
};
