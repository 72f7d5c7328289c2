import type { EntityManager } from 'typeorm';

/** The channel on which changes to the copy of the catalog are announced: a JSON list of product ids. */
export const PRODUCTS_CHANNEL = 'products_changed';
/** The channel on which changes to the copy of the customers are announced: a JSON list of user ids. */
export const CUSTOMERS_CHANNEL = 'customers_changed';
/** Bytes of ids per notification (a payload holds at most 8000 bytes). */
const NOTIFICATION_BYTES = 7_000;

/**
 * Announces, with the transaction at hand, which rows of a copy it changed: PostgreSQL delivers the
 * notification when, and only if, the transaction commits, to every replica's listener (OrderOutcomes),
 * so that what a process remembers of the copies (PricingMemory, PendingOrders) is forgotten. Each copy
 * announces its own changes (CatalogCopy, CustomerCopy), in as few notifications as the payload limit allows.
 */
export async function announceCopyChanged(manager: EntityManager, channel: typeof PRODUCTS_CHANNEL | typeof CUSTOMERS_CHANNEL, ids: readonly string[]): Promise<void> {
  let batch: string[] = [];
  let bytes = 2;
  for (const id of ids) {
    const size = JSON.stringify(id).length + 1;
    if (batch.length > 0 && bytes + size > NOTIFICATION_BYTES) {
      await manager.query(`SELECT pg_notify($1, $2)`, [channel, JSON.stringify(batch)]);
      batch = [];
      bytes = 2;
    }
    batch.push(id);
    bytes += size;
  }
  if (batch.length > 0) await manager.query(`SELECT pg_notify($1, $2)`, [channel, JSON.stringify(batch)]);
}
