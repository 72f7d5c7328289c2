import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { AuthModule, HealthModule, JwksTokenKeys, loggingModule, SERVICE_CONFIG, noStoreForApi } from '@shop/service-kit';
import { databaseModule } from '@shop/service-kit/database';
import { EventBusModule, eventBusEntities, natsAuthOf } from '@shop/event-bus';
import { MailModule, mailOptionsOf } from '@shop/mail';
import { UserAccessModule, userAccessStandings } from '@shop/user-access';
import { CatalogProduct } from './catalog-copy/catalog-product.entity.js';
import { jwksUrlOf, type OrdersConfig } from './config.js';
import { Customer } from './customers/customer.entity.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { EventsModule } from './events/events.module.js';
import { OrderMailsModule } from './mail/order-mails.module.js';
import { recordOrderMailOutcomes } from './mail/order-mails.js';
import { ordersMigrations } from './migrations/index.js';
import { OrderItem } from './orders/order-item.entity.js';
import { Order } from './orders/order.entity.js';
import { OrdersModule } from './orders/orders.module.js';
import { PaymentsModule } from './payments/payments.module.js';

/** The orders service: orders and their pricing, the stock saga's orders side, PayPal payments, delivery. */
@Module({})
export class AppModule implements NestModule {
  /** Every answer carries a token or personal data: no cache keeps it. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(noStoreForApi).forRoutes('{*path}');
  }

  static forRoot(config: OrdersConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        loggingModule('orders', config.LOG_LEVEL),
        HealthModule.forRoot('orders'),
        databaseModule({
          service: 'orders',
          config,
          entities: [...eventBusEntities, Order, OrderItem, CatalogProduct, Customer],
          migrations: ordersMigrations,
        }),
        EventBusModule.forRoot({ service: 'orders', prefix: config.INSTANCE_PREFIX, natsUrl: config.NATS_URL, natsAuth: natsAuthOf(config), streamReplicas: config.STREAM_REPLICAS }),
        AuthModule.forRoot({ keys: { useFactory: () => new JwksTokenKeys(jwksUrlOf(config)) }, standings: userAccessStandings }),
        // Each order mail sent or given up is a step of its order's history.
        MailModule.forRoot({ ...mailOptionsOf(config), onOutcome: recordOrderMailOutcomes }),
        UserAccessModule,
        OrderMailsModule,
        // Before OrdersModule (which EventsModule imports): Nest matches routes in registration order, and /api/orders/:id would take 'dashboard'.
        DashboardModule,
        EventsModule,
        OrdersModule,
        PaymentsModule,
      ],
      providers: [{ provide: SERVICE_CONFIG, useValue: config }],
      exports: [SERVICE_CONFIG],
    };
  }
}
