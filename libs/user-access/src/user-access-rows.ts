import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@shop/contracts';

type UserChangedEvent = EventEnvelope<'user.created' | 'user.updated'>;

/** The event with the highest session version per user: the one that says what holds now. */
function latestPerUser(events: readonly UserChangedEvent[]): UserChangedEvent[] {
  const latest = new Map<string, UserChangedEvent>();
  for (const event of events) {
    const held = latest.get(event.data.id);
    if (!held || held.data.sessionVersion <= event.data.sessionVersion) latest.set(event.data.id, event);
  }
  return [...latest.values()];
}

/**
 * Keeps `user_access` as the users service last described each user. Every
 * change of role also grows the session version, so a row only takes an event
 * with a greater version: late or repeated events never bring back an ended
 * session or a lost role, and a deleted user stays deleted.
 */
export async function applyUserChanges(events: readonly UserChangedEvent[], manager: EntityManager): Promise<void> {
  const rows = latestPerUser(events);
  await manager.query(
    `INSERT INTO user_access AS access (user_id, session_version, is_admin)
     SELECT * FROM unnest($1::uuid[], $2::int[], $3::boolean[])
     ON CONFLICT (user_id) DO UPDATE
       SET session_version = EXCLUDED.session_version, is_admin = EXCLUDED.is_admin
       WHERE access.session_version < EXCLUDED.session_version AND NOT access.deleted`,
    [rows.map((event) => event.data.id), rows.map((event) => event.data.sessionVersion), rows.map((event) => event.data.isAdmin)],
  );
}

/** A deleted user's tokens count no more, whatever arrives after. */
export async function applyUserDeletions(events: readonly EventEnvelope<'user.deleted'>[], manager: EntityManager): Promise<void> {
  await manager.query(
    `INSERT INTO user_access AS access (user_id, session_version, is_admin, deleted)
     SELECT id, 2147483647, false, true FROM unnest($1::uuid[]) AS deleted(id)
     ON CONFLICT (user_id) DO UPDATE SET deleted = true, is_admin = false`,
    [[...new Set(events.map((event) => event.data.id))]],
  );
}
