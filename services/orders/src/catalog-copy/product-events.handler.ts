import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@shop/contracts';

/**
 * Keeps `catalog_product` as catalog last described each product. Events may
 * arrive late or twice: a row only takes an event at least as recent as the
 * one it holds, so the copy converges on catalog's latest state.
 */
@Injectable()
export class ProductEventsHandler {
  async changed(event: EventEnvelope<'product.created' | 'product.updated'>, manager: EntityManager): Promise<void> {
    const { id, name, image, priceCents, countInStock } = event.data;
    await manager.query(
      `INSERT INTO catalog_product AS copy (id, name, image, price_cents, count_in_stock, deleted, changed_at)
       VALUES ($1, $2, $3, $4, $5, false, $6)
       ON CONFLICT (id) DO UPDATE
         SET name = EXCLUDED.name, image = EXCLUDED.image, price_cents = EXCLUDED.price_cents,
             count_in_stock = EXCLUDED.count_in_stock, changed_at = EXCLUDED.changed_at
         WHERE copy.changed_at <= EXCLUDED.changed_at AND NOT copy.deleted`,
      [id, name, image, priceCents, countInStock, event.occurredAt],
    );
  }

  async deleted(event: EventEnvelope<'product.deleted'>, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO catalog_product AS copy (id, name, image, price_cents, count_in_stock, deleted, changed_at)
       VALUES ($1, '', '', 0, 0, true, $2)
       ON CONFLICT (id) DO UPDATE SET deleted = true, changed_at = GREATEST(copy.changed_at, EXCLUDED.changed_at)`,
      [event.data.id, event.occurredAt],
    );
  }
}
