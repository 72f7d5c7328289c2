import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@shop/contracts';
import { announceCopyChanged, CUSTOMERS_CHANNEL } from '../copy-changes.js';
import { newestPerId } from '../newest-events.js';

/**
 * The `users` consumer's batching window (`lingerMs`): the names shown with orders in the admin's table
 * may come a fifth of a second later, and a burst of sign-ups costs a few transactions, not one each.
 */
export const CUSTOMERS_LINGER_MS = 200;

/**
 * Keeps `customer` as the users service last described each user. A row only
 * takes an event at least as recent as the one it holds, so late or repeated
 * events never bring back an old name. Each change is announced
 * (`customers_changed`): what was read of a customer before it is read again.
 */
@Injectable()
export class CustomerCopy {
  /** Applies a run of user.created or user.updated events in one statement. */
  async changed(events: readonly EventEnvelope<'user.created' | 'user.updated'>[], manager: EntityManager): Promise<void> {
    const rows = newestPerId(events);
    await manager.query(
      `INSERT INTO customer AS copy (id, name, email, deleted, changed_at)
       SELECT id, name, email, false, changed_at
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[]) AS event(id, name, email, changed_at)
       ON CONFLICT (id) DO UPDATE
         SET name = EXCLUDED.name, email = EXCLUDED.email, changed_at = EXCLUDED.changed_at
         WHERE copy.changed_at <= EXCLUDED.changed_at AND NOT copy.deleted`,
      [rows.map((event) => event.data.id), rows.map((event) => event.data.name), rows.map((event) => event.data.email), rows.map((event) => event.occurredAt)],
    );
    await announceCopyChanged(manager, CUSTOMERS_CHANNEL, rows.map((event) => event.data.id));
  }

  /** A deleted user keeps the name and email last known: their orders still say whose they were. */
  async deleted(event: EventEnvelope<'user.deleted'>, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO customer AS copy (id, name, email, deleted, changed_at)
       VALUES ($1, '', '', true, $2)
       ON CONFLICT (id) DO UPDATE SET deleted = true, changed_at = GREATEST(copy.changed_at, EXCLUDED.changed_at)`,
      [event.data.id, event.occurredAt],
    );
    await announceCopyChanged(manager, CUSTOMERS_CHANNEL, [event.data.id]);
  }
}
