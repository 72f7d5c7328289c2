import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { CatalogCopy } from '../catalog-copy/catalog-copy.js';
import { OrderOutcomes } from '../orders/order-outcomes.js';

/** product.created: the new product joins the copy orders are priced from. */
@EventHandler({ consumer: 'products', subject: Subjects.ProductCreated })
export class ProductCreatedHandler implements HandlesEventBatch<'product.created'> {
  constructor(
    private readonly catalogCopy: CatalogCopy,
    private readonly outcomes: OrderOutcomes,
  ) {}

  async handleBatch(events: EventEnvelope<'product.created'>[], manager: EntityManager): Promise<void> {
    await this.catalogCopy.changed(events, manager);
    // Placements price from memory what they read before (PricingMemory): it is read again once this commits.
    await this.outcomes.announceProducts(manager, events.map((event) => event.data.id));
  }
}
