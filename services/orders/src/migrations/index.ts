import { eventBusMigrations } from '@shop/event-bus';
import { mailMigrations } from '@shop/mail';
import { userAccessMigrations } from '@shop/user-access';
import { OrdersTables1764100000000 } from './1764100000000-orders-tables.js';
import { PaymentDeadlines1765100000000 } from './1765100000000-payment-deadlines.js';
import { PaymentCaptures1766100000000 } from './1766100000000-payment-captures.js';
import { CatalogCopyWithoutStock1767100000000 } from './1767100000000-catalog-copy-without-stock.js';
import { OrderStateMachine1768100000000 } from './1768100000000-order-state-machine.js';
import { DashboardIndexes1768200000000 } from './1768200000000-dashboard-indexes.js';
import { OrderStateAndHistory1769100000000 } from './1769100000000-order-state-and-history.js';

/** Every migration of the orders database, in order: the event bus tables and user access first. */
export const ordersMigrations = [
  ...eventBusMigrations, ...userAccessMigrations, OrdersTables1764100000000,
  PaymentDeadlines1765100000000,
  PaymentCaptures1766100000000,
  CatalogCopyWithoutStock1767100000000,
  OrderStateMachine1768100000000,
  DashboardIndexes1768200000000,
  ...mailMigrations,
  OrderStateAndHistory1769100000000,
];
