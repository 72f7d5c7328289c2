import { Module, type OnModuleInit } from '@nestjs/common';
import { Subjects } from '@shop/contracts';
import { EventConsumers } from '@shop/event-bus';
import { ProductEventsHandler } from './product-events.handler.js';

/** The copy of the catalog orders are priced from, fed by catalog's product events. */
@Module({ providers: [ProductEventsHandler] })
export class CatalogCopyModule implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly products: ProductEventsHandler,
  ) {}

  onModuleInit(): void {
    this.consumers.subscribe('products', {
      [Subjects.ProductCreated]: { batch: (events, manager) => this.products.changed(events, manager) },
      [Subjects.ProductUpdated]: { batch: (events, manager) => this.products.changed(events, manager) },
      [Subjects.ProductDeleted]: (event, manager) => this.products.deleted(event, manager),
    });
  }
}
