import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { CatalogCopy } from '../catalog-copy/catalog-copy.js';

/** product.created: the new product joins the copy orders are priced from. */
@EventHandler({ consumer: 'products', subject: Subjects.ProductCreated })
export class ProductCreatedHandler implements HandlesEventBatch<'product.created'> {
  constructor(private readonly catalogCopy: CatalogCopy) {}

  handleBatch(events: EventEnvelope<'product.created'>[], manager: EntityManager): Promise<void> {
    return this.catalogCopy.changed(events, manager);
  }
}
