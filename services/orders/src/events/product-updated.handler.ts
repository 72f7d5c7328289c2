import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { CatalogCopy } from '../catalog-copy/catalog-copy.js';

/** product.updated: the copy takes the product's new name, image and price (the newest event wins). */
@EventHandler({ consumer: 'products', subject: Subjects.ProductUpdated })
export class ProductUpdatedHandler implements HandlesEventBatch<'product.updated'> {
  constructor(private readonly catalogCopy: CatalogCopy) {}

  handleBatch(events: EventEnvelope<'product.updated'>[], manager: EntityManager): Promise<void> {
    return this.catalogCopy.changed(events, manager);
  }
}
