import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { OrdersController } from './orders.controller.js';
import { OrderOutcomes } from './order-outcomes.js';
import { OrderPayments } from './order-payments.js';
import { OrdersService } from './orders.service.js';
import { PaymentDeadlines } from './payment-deadlines.js';
import { PaymentRefunds } from './payment-refunds.js';
import { PendingOrders } from './pending-orders.js';
import { PricingMemory } from './pricing-memory.js';
import { OrderWrites } from './order-writes.js';
import { StockAnswers } from './stock-answers.js';

/**
 * Orders: placing, reading, paying (OrderPayments, PaymentRefunds) and delivering them, their side of the stock saga (StockAnswers, fed by
 * src/events/stock-*.handler.ts), and payment deadlines.
 */
@Module({
  imports: [PaymentsModule],
  controllers: [OrdersController],
  providers: [OrdersService, StockAnswers, OrderOutcomes, PaymentDeadlines, OrderPayments, PaymentRefunds, PendingOrders, PricingMemory, OrderWrites],
  exports: [StockAnswers, OrderOutcomes],
})
export class OrdersModule {}
