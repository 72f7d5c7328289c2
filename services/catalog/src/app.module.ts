import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule, HealthModule, JwksTokenKeys, loggingModule, SERVICE_CONFIG } from '@shop/service-kit';
import { databaseModule } from '@shop/service-kit/database';
import { EventBusModule, eventBusEntities, natsAuthOf } from '@shop/event-bus';
import { UserAccessModule, userAccessStandings } from '@shop/user-access';
import { jwksUrlOf, type CatalogConfig } from './config.js';
import { catalogMigrations } from './migrations/index.js';
import { Product } from './products/product.entity.js';
import { EventsModule } from './events/events.module.js';
import { ProductsModule } from './products/products.module.js';
import { Review } from './reviews/review.entity.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { SeedModule } from './seed/seed.module.js';
import { StockReservation } from './stock/stock-reservation.entity.js';
import { StockModule } from './stock/stock.module.js';
import { UploadsModule } from './uploads/uploads.module.js';

/** The catalog service: products, reviews and ratings, stock, product images, the demo catalog. */
@Module({})
export class AppModule {
  static forRoot(config: CatalogConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        loggingModule('catalog', config.LOG_LEVEL),
        HealthModule.forRoot('catalog'),
        databaseModule({
          service: 'catalog',
          config,
          entities: [...eventBusEntities, Product, Review, StockReservation],
          migrations: catalogMigrations,
        }),
        EventBusModule.forRoot({ service: 'catalog', prefix: config.INSTANCE_PREFIX, natsUrl: config.NATS_URL, natsAuth: natsAuthOf(config), streamReplicas: config.STREAM_REPLICAS }),
        AuthModule.forRoot({ keys: { useFactory: () => new JwksTokenKeys(jwksUrlOf(config)) }, standings: userAccessStandings }),
        UserAccessModule,
        // Before ProductsModule: Nest matches routes in registration order, and /api/products/:id would take 'low-stock'.
        StockModule,
        ProductsModule,
        ReviewsModule,
        UploadsModule,
        SeedModule,
        EventsModule,
      ],
      providers: [{ provide: SERVICE_CONFIG, useValue: config }],
      exports: [SERVICE_CONFIG],
    };
  }
}
