import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { USER_ACCESS_CONSUMER, USER_ACCESS_LINGER_MS } from '../consumer-expectations.js';
import { applyUserChanges } from '../user-access-rows.js';

/** user.created: the new user's role and session version. */
@EventHandler({ consumer: USER_ACCESS_CONSUMER, subject: Subjects.UserCreated, lingerMs: USER_ACCESS_LINGER_MS })
export class UserCreatedAccessHandler implements HandlesEventBatch<'user.created'> {
  handleBatch(events: EventEnvelope<'user.created'>[], manager: EntityManager): Promise<void> {
    return applyUserChanges(events, manager);
  }
}
