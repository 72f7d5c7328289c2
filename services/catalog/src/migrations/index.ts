import { eventBusMigrations } from '@shop/event-bus';
import { userAccessMigrations } from '@shop/user-access';
import { CatalogTables1763900000000 } from './1763900000000-catalog-tables.js';
import { StockReservations1763900000001 } from './1763900000001-stock-reservations.js';
import { StoredImages1765200000000 } from './1765200000000-stored-images.js';
import { ProductSearch1768000000000 } from './1768000000000-product-search.js';

/** Every migration of the catalog database, in order: the event bus tables and user access first. */
export const catalogMigrations = [...eventBusMigrations, ...userAccessMigrations, CatalogTables1763900000000, StockReservations1763900000001, StoredImages1765200000000, ProductSearch1768000000000];
