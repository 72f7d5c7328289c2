import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { OrdersController } from './orders.controller.js';
import { OrderOutcomes } from './placing/order-outcomes.js';
import { OrderPayments } from './paying/order-payments.js';
import { OrderList } from './reading/order-list.js';
import { OrderPlacing } from './placing/order-placing.service.js';
import { OrderReading } from './reading/order-reading.service.js';
import { OrderHistory } from './lifecycle/order-history.js';
import { OrderLifecycle } from './lifecycle/order-lifecycle.js';
import { OrderTransitions } from './lifecycle/order-transitions.js';
import { PaymentDeadlines } from './lifecycle/payment-deadlines.js';
import { PaymentRefunds } from './paying/payment-refunds.js';
import { PendingOrders } from './placing/pending-orders.js';
import { PricingMemory } from './placing/pricing-memory.js';
import { OrderWrites } from './placing/order-writes.js';
import { OrderStateMetrics } from './lifecycle/order-state-metrics.js';
import { StockAnswers } from './placing/stock-answers.js';

/**
 * Orders, split by purpose, a folder each: placing/ (OrderPlacing, what makes it fast, and the orders' side of
 * the stock saga, StockAnswers, fed by src/events/stock-*.handler.ts), paying/ (OrderPayments, PaymentRefunds),
 * lifecycle/ (the state machine, OrderLifecycle, the only code that changes an order's state and records its
 * history; the admins' transitions, payment deadlines, the history's reading) and reading/ (OrderReading,
 * OrderList).
 */
@Module({
  imports: [PaymentsModule],
  controllers: [OrdersController],
  providers: [OrderLifecycle, OrderHistory, OrderPlacing, OrderReading, OrderTransitions, OrderList, StockAnswers, OrderOutcomes, PaymentDeadlines, OrderPayments, PaymentRefunds, PendingOrders, PricingMemory, OrderWrites, OrderStateMetrics],
  exports: [StockAnswers, OrderOutcomes, OrderLifecycle],
})
export class OrdersModule {}
