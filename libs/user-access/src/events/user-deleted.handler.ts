import type { EntityManager } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { EventHandler, type HandlesEventBatch } from '@shop/event-bus';
import { USER_ACCESS_CONSUMER, USER_ACCESS_LINGER_MS } from '../consumer-expectations.js';
import { applyUserDeletions } from '../user-access-rows.js';

/** user.deleted: the user's tokens count no more, whatever arrives after. */
@EventHandler({ consumer: USER_ACCESS_CONSUMER, subject: Subjects.UserDeleted, lingerMs: USER_ACCESS_LINGER_MS })
export class UserDeletedAccessHandler implements HandlesEventBatch<'user.deleted'> {
  handleBatch(events: EventEnvelope<'user.deleted'>[], manager: EntityManager): Promise<void> {
    return applyUserDeletions(events, manager);
  }
}
