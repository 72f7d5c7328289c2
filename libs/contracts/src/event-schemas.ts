import type { Subject } from './events.js';

/*
 * Each event's contract as a check: every consumer runs it on what arrives, so
 * an event forged by whoever reaches NATS (a price of 1 cent made negative, a
 * quantity of -1000) or garbled on the way is set aside before it changes
 * anything. Hand-written on purpose: the contracts import no library, and the
 * rules are few (types, ranges, lengths).
 */

/** What is wrong with a value, or undefined when it is right. */
type Check = (value: unknown) => string | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

const uuid: Check = (value) => (typeof value === 'string' && UUID.test(value) ? undefined : 'must be a UUID');
const text =
  (max: number, allowEmpty = false): Check =>
  (value) =>
    typeof value === 'string' && value.length <= max && (allowEmpty || value.length > 0) ? undefined : `must be a text of at most ${max} characters`;
const wholeNumber =
  (min: number, max: number): Check =>
  (value) =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max ? undefined : `must be a whole number from ${min} to ${max}`;
const boolean: Check = (value) => (typeof value === 'boolean' ? undefined : 'must be true or false');
const time: Check = (value) => (typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'must be an ISO 8601 time');

function object(fields: Record<string, Check>): Check {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object';
    for (const [name, check] of Object.entries(fields)) {
      const problem = check((value as Record<string, unknown>)[name]);
      if (problem) return `${name} ${problem}`;
    }
    return undefined;
  };
}

function list(of: Check, min: number, max: number): Check {
  return (value) => {
    if (!Array.isArray(value) || value.length < min || value.length > max) return `must be a list of ${min} to ${max} entries`;
    for (const [index, entry] of value.entries()) {
      const problem = of(entry);
      if (problem) return `${index}.${problem}`;
    }
    return undefined;
  };
}

/** Generous bounds: a contract says what can be true, the services' own rules may be tighter. */
const MAX_CENTS = 100_000_000_000;
const MAX_COUNT = 1_000_000_000;
const MAX_QUANTITY = 10_000;
const MAX_LINES = 1_000;

const productChanged = object({
  id: uuid,
  name: text(500),
  image: text(2_000, true),
  priceCents: wholeNumber(0, MAX_CENTS),
  countInStock: wholeNumber(0, MAX_COUNT),
});
const userChanged = object({ id: uuid, name: text(200), email: text(254), isAdmin: boolean, sessionVersion: wholeNumber(1, 2_147_483_647) });
const orderOfUser = object({ orderId: uuid, userId: uuid });

const payloadChecks: { [S in Subject]: Check } = {
  'product.created': productChanged,
  'product.updated': productChanged,
  'product.deleted': object({ id: uuid }),
  'user.created': userChanged,
  'user.updated': userChanged,
  'user.deleted': object({ id: uuid }),
  'order.placed': object({
    orderId: uuid,
    userId: uuid,
    items: list(object({ productId: uuid, quantity: wholeNumber(1, MAX_QUANTITY) }), 1, MAX_LINES),
  }),
  'order.confirmed': orderOfUser,
  'order.cancelled': object({ orderId: uuid, userId: uuid, reason: text(1_000) }),
  'order.paid': object({ orderId: uuid, userId: uuid, totalCents: wholeNumber(0, MAX_CENTS), paidAt: time }),
  'order.delivered': object({ orderId: uuid, userId: uuid, deliveredAt: time }),
  'stock.reserved': object({ orderId: uuid }),
  'stock.rejected': object({ orderId: uuid, productId: uuid, productName: text(500), reason: text(1_000) }),
};

const isSubject = (subject: unknown): subject is Subject => typeof subject === 'string' && Object.hasOwn(payloadChecks, subject);

/**
 * What is wrong with an event as it arrived on `subject` (the contract subject,
 * without the instance prefix), or undefined when it keeps its contract: an
 * envelope (id, subject, occurredAt) whose subject is the one it came on, and
 * a payload of that subject's shape and ranges.
 */
export function eventProblem(subject: string, event: unknown): string | undefined {
  const envelope = object({ id: uuid, occurredAt: time })(event);
  if (envelope) return envelope;
  const { subject: claimed, data } = event as { subject?: unknown; data?: unknown };
  if (claimed !== subject) return `subject ${JSON.stringify(claimed)} is not the subject it came on (${subject})`;
  if (!isSubject(subject)) return `${subject} is no subject of the shop`;
  const problem = payloadChecks[subject](data);
  return problem && `data.${problem}`;
}
