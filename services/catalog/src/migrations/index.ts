import { eventBusMigrations } from '@shop/event-bus';
import { CatalogTables1763900000000 } from './1763900000000-catalog-tables.js';
import { StockReservations1763900000001 } from './1763900000001-stock-reservations.js';

/** Every migration of the catalog database, in order: the event bus tables first. */
export const catalogMigrations = [...eventBusMigrations, CatalogTables1763900000000, StockReservations1763900000001];
