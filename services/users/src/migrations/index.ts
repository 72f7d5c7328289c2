import { eventBusMigrations } from '@shop/event-bus';
import { UsersTables1764000000000 } from './1764000000000-users-tables.js';

/** Every migration of the users database, in order: the event bus tables first. */
export const usersMigrations = [...eventBusMigrations, UsersTables1764000000000];
