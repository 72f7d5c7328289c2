import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@shop/contracts';
import { announceCopyChanged, PRODUCTS_CHANNEL } from '../copy-changes.js';
import { newestPerId } from '../newest-events.js';

/**
 * Keeps `catalog_product` as catalog last described each product. Events may
 * arrive late or twice: a row only takes an event at least as recent as the
 * one it holds, so the copy converges on catalog's latest state. Each change is
 * announced (`products_changed`): placements price from memory until they hear it.
 */
@Injectable()
export class CatalogCopy {
  /** Applies a run of product.created or product.updated events in one statement. */
  async changed(events: readonly EventEnvelope<'product.created' | 'product.updated'>[], manager: EntityManager): Promise<void> {
    const rows = newestPerId(events);
    await manager.query(
      `INSERT INTO catalog_product AS copy (id, name, image, price_cents, deleted, changed_at)
       SELECT id, name, image, price_cents, false, changed_at
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::timestamptz[])
         AS event(id, name, image, price_cents, changed_at)
       ON CONFLICT (id) DO UPDATE
         SET name = EXCLUDED.name, image = EXCLUDED.image, price_cents = EXCLUDED.price_cents, changed_at = EXCLUDED.changed_at
         WHERE copy.changed_at <= EXCLUDED.changed_at AND NOT copy.deleted`,
      [
        rows.map((event) => event.data.id),
        rows.map((event) => event.data.name),
        rows.map((event) => event.data.image),
        rows.map((event) => event.data.priceCents),
        rows.map((event) => event.occurredAt),
      ],
    );
    await announceCopyChanged(manager, PRODUCTS_CHANNEL, rows.map((event) => event.data.id));
  }

  async deleted(event: EventEnvelope<'product.deleted'>, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO catalog_product AS copy (id, name, image, price_cents, deleted, changed_at)
       VALUES ($1, '', '', 0, true, $2)
       ON CONFLICT (id) DO UPDATE SET deleted = true, changed_at = GREATEST(copy.changed_at, EXCLUDED.changed_at)`,
      [event.data.id, event.occurredAt],
    );
    await announceCopyChanged(manager, PRODUCTS_CHANNEL, [event.data.id]);
  }
}
