import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEvent } from '@shop/event-bus';
import { CatalogCopy } from '../catalog-copy/catalog-copy.js';

/** product.deleted: the product can no longer be ordered (its copy stays, marked deleted, for the orders that hold it). */
@EventHandler({ consumer: 'products', subject: Subjects.ProductDeleted })
export class ProductDeletedHandler implements HandlesEvent<'product.deleted'> {
  constructor(private readonly catalogCopy: CatalogCopy) {}

  handle(event: EventEnvelope<'product.deleted'>, manager: EntityManager): Promise<void> {
    return this.catalogCopy.deleted(event, manager);
  }
}
