import type { ConsumerExpectations, PayloadExpectation, UserChanged } from '@shop/contracts';

/** The consumer name of UserAccessModule's event handlers, in every service that imports it. */
export const USER_ACCESS_CONSUMER = 'user-access';

/**
 * The user-access consumer's batching window (`lingerMs`): a burst of sign-ups is written in a few
 * transactions, not one per account. A new account's token works before its row exists (SessionCheck),
 * so the wait costs a sign-out or a change of role at most this much more on top of SessionCheck's second.
 */
export const USER_ACCESS_LINGER_MS = 200;

/** What user_access keeps: the role, and the session version (a positive `integer`) older tokens are refused by. */
const standing: PayloadExpectation<UserChanged> = {
  id: 'uuid',
  isAdmin: 'boolean',
  sessionVersion: { kind: 'whole number', min: 1, max: 2_147_483_647 },
};

/**
 * What the user-access consumer reads of the users service's events (checked
 * against the contracts in CI, see docs/events.md): a handler that starts
 * reading another field must declare it here.
 */
export const userAccessConsumerExpectations = {
  'user.created': standing,
  'user.updated': standing,
  'user.deleted': { id: 'uuid' },
} satisfies ConsumerExpectations;
