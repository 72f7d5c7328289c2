import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { CatalogCopy } from '../catalog-copy/catalog-copy.js';
import { OrderOutcomes } from '../orders/order-outcomes.js';

/** product.updated: the copy takes the product's new name, image and price (the newest event wins). */
@EventHandler({ consumer: 'products', subject: Subjects.ProductUpdated })
export class ProductUpdatedHandler implements HandlesEventBatch<'product.updated'> {
  constructor(
    private readonly catalogCopy: CatalogCopy,
    private readonly outcomes: OrderOutcomes,
  ) {}

  async handleBatch(events: EventEnvelope<'product.updated'>[], manager: EntityManager): Promise<void> {
    await this.catalogCopy.changed(events, manager);
    // Placements price from memory what they read before (PricingMemory): it is read again once this commits.
    await this.outcomes.announceProducts(manager, events.map((event) => event.data.id));
  }
}
