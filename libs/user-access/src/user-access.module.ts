import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthOptions } from '@shop/service-kit';
import { UserCreatedAccessHandler } from './events/user-created.handler.js';
import { UserDeletedAccessHandler } from './events/user-deleted.handler.js';
import { UserUpdatedAccessHandler } from './events/user-updated.handler.js';
import { PgUserStandings } from './pg-user-standings.js';

/**
 * Keeps, from the users service's events (src/events/user-*.handler.ts, the consumer
 * USER_ACCESS_CONSUMER), each user's session version and role in `user_access` (list
 * `userAccessMigrations` among the service's migrations), so that the service refuses ended sessions
 * and lost roles.
 */
@Module({ providers: [UserCreatedAccessHandler, UserUpdatedAccessHandler, UserDeletedAccessHandler] })
export class UserAccessModule {}

/** `AuthModule.forRoot({ standings: userAccessStandings, … })`: standings from `user_access`. */
export const userAccessStandings: AuthOptions['standings'] = {
  useFactory: (db: DataSource) => new PgUserStandings(db),
  inject: [DataSource],
};
