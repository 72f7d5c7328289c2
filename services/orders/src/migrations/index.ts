import { eventBusMigrations } from '@shop/event-bus';
import { OrdersTables1764100000000 } from './1764100000000-orders-tables.js';

/** Every migration of the orders database, in order: the event bus tables first. */
export const ordersMigrations = [...eventBusMigrations, OrdersTables1764100000000];
