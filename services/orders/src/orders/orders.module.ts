import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { OrdersController } from './orders.controller.js';
import { OrderOutcomes } from './order-outcomes.js';
import { OrderPayments } from './order-payments.js';
import { OrderList } from './order-list.js';
import { OrderPlacing } from './order-placing.service.js';
import { OrderReading } from './order-reading.service.js';
import { OrderTransitions } from './order-transitions.js';
import { PaymentDeadlines } from './payment-deadlines.js';
import { PaymentRefunds } from './payment-refunds.js';
import { PendingOrders } from './pending-orders.js';
import { PricingMemory } from './pricing-memory.js';
import { OrderWrites } from './order-writes.js';
import { OrderStateMetrics } from './order-state-metrics.js';
import { StockAnswers } from './stock-answers.js';

/**
 * Orders, split by purpose: placing (OrderPlacing), reading (OrderReading, OrderList), paying (OrderPayments,
 * PaymentRefunds), the admins' transitions (OrderTransitions: deliver, cancel, refund), their side of the stock
 * saga (StockAnswers, fed by src/events/stock-*.handler.ts) and payment deadlines; every change of an order's
 * state goes through order-state-machine.ts.
 */
@Module({
  imports: [PaymentsModule],
  controllers: [OrdersController],
  providers: [OrderPlacing, OrderReading, OrderTransitions, OrderList, StockAnswers, OrderOutcomes, PaymentDeadlines, OrderPayments, PaymentRefunds, PendingOrders, PricingMemory, OrderWrites, OrderStateMetrics],
  exports: [StockAnswers, OrderOutcomes],
})
export class OrdersModule {}
