import { Module } from '@nestjs/common';
import { StockModule } from '../stock/stock.module.js';
import { OrderCancelledHandler } from './order-cancelled.handler.js';
import { OrderPlacedHandler } from './order-placed.handler.js';
import { OrderRefundedHandler } from './order-refunded.handler.js';

/**
 * What the catalog does with other services' events: one handler per consumed subject, each found by
 * the event bus through its @EventHandler (consumer `orders`; the users' rights are kept by
 * @shop/user-access's own handlers).
 */
@Module({ imports: [StockModule], providers: [OrderPlacedHandler, OrderCancelledHandler, OrderRefundedHandler] })
export class EventsModule {}
