import type { EventEnvelope } from '@shop/contracts';

/**
 * One event per thing (`data.id`): the newest by `occurredAt`, the later in
 * stream order on a tie. A copy kept from events takes a run of them in one
 * statement, which may change each row only once.
 */
export function newestPerId<E extends EventEnvelope & { data: { id: string } }>(events: readonly E[]): E[] {
  const newest = new Map<string, E>();
  for (const event of events) {
    const held = newest.get(event.data.id);
    if (!held || held.occurredAt <= event.occurredAt) newest.set(event.data.id, event);
  }
  return [...newest.values()];
}
