import { Module } from '@nestjs/common';
import { CatalogCopyModule } from '../catalog-copy/catalog-copy.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ProductCreatedHandler } from './product-created.handler.js';
import { ProductDeletedHandler } from './product-deleted.handler.js';
import { ProductUpdatedHandler } from './product-updated.handler.js';
import { StockRejectedHandler } from './stock-rejected.handler.js';
import { StockReservedHandler } from './stock-reserved.handler.js';
import { UserCreatedHandler } from './user-created.handler.js';
import { UserDeletedHandler } from './user-deleted.handler.js';
import { UserUpdatedHandler } from './user-updated.handler.js';

/**
 * What the orders service does with other services' events: one handler per consumed subject, each
 * found by the event bus through its @EventHandler (consumers `products`, `users`, `stock`; the users'
 * rights are kept by @shop/user-access's own handlers).
 */
@Module({
  imports: [CatalogCopyModule, CustomersModule, OrdersModule],
  providers: [
    ProductCreatedHandler,
    ProductUpdatedHandler,
    ProductDeletedHandler,
    UserCreatedHandler,
    UserUpdatedHandler,
    UserDeletedHandler,
    StockReservedHandler,
    StockRejectedHandler,
  ],
})
export class EventsModule {}
