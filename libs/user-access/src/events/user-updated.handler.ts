import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { USER_ACCESS_CONSUMER, USER_ACCESS_LINGER_MS } from '../consumer-expectations.js';
import { applyUserChanges } from '../user-access-rows.js';

/** user.updated: a new role or session version (a sign-out, a password change, a promotion or demotion) counts at once. */
@EventHandler({ consumer: USER_ACCESS_CONSUMER, subject: Subjects.UserUpdated, lingerMs: USER_ACCESS_LINGER_MS })
export class UserUpdatedAccessHandler implements HandlesEventBatch<'user.updated'> {
  handleBatch(events: EventEnvelope<'user.updated'>[], manager: EntityManager): Promise<void> {
    return applyUserChanges(events, manager);
  }
}
