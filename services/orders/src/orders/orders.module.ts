import { Module, type OnModuleInit } from '@nestjs/common';
import { Subjects } from '@shop/contracts';
import { EventConsumers } from '@shop/event-bus';
import { PaymentsModule } from '../payments/payments.module.js';
import { OrdersController } from './orders.controller.js';
import { OrderOutcomes } from './order-outcomes.js';
import { OrdersService } from './orders.service.js';
import { PaymentDeadlines } from './payment-deadlines.js';
import { StockEventsHandler } from './stock-events.handler.js';

/** Orders: placing, reading, paying and delivering them, their side of the stock saga, and payment deadlines. */
@Module({
  imports: [PaymentsModule],
  controllers: [OrdersController],
  providers: [OrdersService, StockEventsHandler, OrderOutcomes, PaymentDeadlines],
})
export class OrdersModule implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly stock: StockEventsHandler,
  ) {}

  onModuleInit(): void {
    this.consumers.subscribe('stock', {
      [Subjects.StockReserved]: { batch: (events, manager) => this.stock.reserved(events.map((event) => event.data), manager) },
      [Subjects.StockRejected]: { batch: (events, manager) => this.stock.rejected(events.map((event) => event.data), manager) },
    });
  }
}
