import type { EventPayloads, Subject } from './events.js';

/*
 * Each event's contract as a description: the fields of its payload, their
 * kinds and ranges. Two things are derived from it:
 *
 * - the check every consumer runs on what arrives (`eventProblem`), so an event
 *   forged by whoever reaches NATS (a price of 1 cent made negative, a quantity
 *   of -1000) or garbled on the way is set aside before it changes anything;
 * - the comparison with what each consumer says it reads (`expectationProblems`
 *   in event-expectations.ts), which CI runs so that a producer cannot drop or
 *   narrow a field a consumer relies on unnoticed.
 *
 * Hand-written on purpose: the contracts import no library, the rules are few
 * (types, ranges, lengths), and a plain description is what the consumer
 * checks need to read; a schema library's internal form would not be.
 */

/** A field that is an id: a UUID. */
export interface UuidSchema {
  kind: 'uuid';
}
/** A field that is a text of at most `maxLength` characters; empty only when `allowEmpty`. */
export interface TextSchema {
  kind: 'text';
  maxLength: number;
  allowEmpty: boolean;
}
/** A field that is a whole number from `min` to `max`. */
export interface WholeNumberSchema {
  kind: 'whole number';
  min: number;
  max: number;
}
export interface BooleanSchema {
  kind: 'boolean';
}
/** A field that is an ISO 8601 time with its offset (`2026-11-23T10:00:00.000Z`). */
export interface TimeSchema {
  kind: 'time';
}
/** A field that is a list of `minEntries` to `maxEntries` entries, each of `of`. */
export interface ListSchema<Of = FieldSchema> {
  kind: 'list';
  of: Of;
  minEntries: number;
  maxEntries: number;
}
/** A field (or a payload) that is an object with these fields; fields it does not name are let through. */
export interface ObjectSchema<Fields = Record<string, FieldSchema>> {
  kind: 'object';
  fields: Fields;
}
/** Marks a field of an object that may be absent. */
export interface MayBeAbsent {
  optional?: true;
}

export type FieldSchema = (UuidSchema | TextSchema | WholeNumberSchema | BooleanSchema | TimeSchema | ListSchema | ObjectSchema) & MayBeAbsent;

/** The field kinds of the contracts. */
export type FieldKind = FieldSchema['kind'];

/** The schema a TypeScript payload type calls for: every field of the type described, optional ones as optional. */
type SchemaOf<T> = [T] extends [string]
  ? UuidSchema | TextSchema | TimeSchema
  : [T] extends [number]
    ? WholeNumberSchema
    : [T] extends [boolean]
      ? BooleanSchema
      : [T] extends [readonly (infer Entry)[]]
        ? ListSchema<SchemaOf<Entry>>
        : ObjectSchemaOf<T>;
type ObjectSchemaOf<T> = ObjectSchema<{
  [K in keyof T & string]-?: undefined extends T[K] ? SchemaOf<Exclude<T[K], undefined>> & { optional: true } : SchemaOf<T[K]>;
}>;

const uuid: UuidSchema = { kind: 'uuid' };
const text = (maxLength: number, { allowEmpty = false } = {}): TextSchema => ({ kind: 'text', maxLength, allowEmpty });
const wholeNumber = (min: number, max: number): WholeNumberSchema => ({ kind: 'whole number', min, max });
const boolean: BooleanSchema = { kind: 'boolean' };
const time: TimeSchema = { kind: 'time' };
const object = <Fields extends Record<string, FieldSchema>>(fields: Fields): ObjectSchema<Fields> => ({ kind: 'object', fields });
const list = <Of extends FieldSchema>(of: Of, minEntries: number, maxEntries: number): ListSchema<Of> => ({ kind: 'list', of, minEntries, maxEntries });

/** Generous bounds: a contract says what can be true, the services' own rules may be tighter. */
const MAX_CENTS = 2_147_483_647; // catalog and orders keep cents in PostgreSQL `integer` columns
const MAX_COUNT = 1_000_000_000;
const MAX_QUANTITY = 10_000;
const MAX_LINES = 1_000;
const MAX_SESSION_VERSION = 2_147_483_647;

const productChanged = object({
  id: uuid,
  name: text(200), // catalog keeps it in a varchar(200)
  image: text(500, { allowEmpty: true }), // catalog keeps it in a varchar(500)
  priceCents: wholeNumber(0, MAX_CENTS),
  countInStock: wholeNumber(0, MAX_COUNT),
});
const userChanged = object({ id: uuid, name: text(200), email: text(254), isAdmin: boolean, sessionVersion: wholeNumber(1, MAX_SESSION_VERSION) });

/**
 * The contract of each subject's payload, as the producer promises it. Typed
 * against `EventPayloads`, so a payload field without a schema does not compile.
 */
export const eventSchemas: { readonly [S in Subject]: ObjectSchemaOf<EventPayloads[S]> } = {
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
  'order.confirmed': object({ orderId: uuid, userId: uuid }),
  'order.cancelled': object({ orderId: uuid, userId: uuid, reason: text(1_000) }),
  'order.paid': object({ orderId: uuid, userId: uuid, totalCents: wholeNumber(0, MAX_CENTS), paidAt: time }),
  'order.delivered': object({ orderId: uuid, userId: uuid, deliveredAt: time }),
  'stock.reserved': object({ orderId: uuid }),
  // productName is empty when the product is no longer sold (catalog has no name for it any more).
  'stock.rejected': object({ orderId: uuid, productId: uuid, productName: text(200, { allowEmpty: true }), reason: text(500) }),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/** The schema in words, as a problem message says what a value must be (`a whole number from 1 to 10000`). */
export function describeSchema(schema: FieldSchema): string {
  switch (schema.kind) {
    case 'uuid':
      return 'a UUID';
    case 'text':
      return `a text of at most ${schema.maxLength} characters${schema.allowEmpty ? ', possibly empty' : ''}`;
    case 'whole number':
      return `a whole number from ${schema.min} to ${schema.max}`;
    case 'boolean':
      return 'true or false';
    case 'time':
      return 'an ISO 8601 time';
    case 'list':
      return `a list of ${schema.minEntries} to ${schema.maxEntries} entries`;
    case 'object':
      return 'an object';
  }
}

/** What is wrong with a value by its schema (`must be …`, or `field must be …` within an object), or undefined when it keeps it. */
export function schemaProblem(schema: FieldSchema, value: unknown): string | undefined {
  const must = `must be ${describeSchema(schema)}`;
  switch (schema.kind) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value) ? undefined : must;
    case 'text':
      return typeof value === 'string' && value.length <= schema.maxLength && (schema.allowEmpty || value.length > 0) ? undefined : must;
    case 'whole number':
      return Number.isSafeInteger(value) && (value as number) >= schema.min && (value as number) <= schema.max ? undefined : must;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : must;
    case 'time':
      return typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : must;
    case 'list': {
      if (!Array.isArray(value) || value.length < schema.minEntries || value.length > schema.maxEntries) return must;
      for (const [index, entry] of value.entries()) {
        const problem = schemaProblem(schema.of, entry);
        if (problem) return `${index}.${problem}`;
      }
      return undefined;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return must;
      for (const [name, field] of Object.entries(schema.fields)) {
        const fieldValue = (value as Record<string, unknown>)[name];
        if (fieldValue === undefined && field.optional) continue;
        const problem = schemaProblem(field, fieldValue);
        if (problem) return `${name} ${problem}`;
      }
      return undefined;
    }
  }
}

/** A correlation id is a request id: at most 64 characters (service-kit's REQUEST_ID pattern). */
const envelopeSchema = object({ id: uuid, occurredAt: time, correlationId: { ...text(64), optional: true } });

const isSubject = (subject: unknown): subject is Subject => typeof subject === 'string' && Object.hasOwn(eventSchemas, subject);

/** What is wrong with a payload of `subject`, or undefined when it keeps the subject's contract. */
export function payloadProblem(subject: Subject, data: unknown): string | undefined {
  return schemaProblem(eventSchemas[subject], data);
}

/**
 * What is wrong with an event as it arrived on `subject` (the contract subject,
 * without the instance prefix), or undefined when it keeps its contract: an
 * envelope (id, subject, occurredAt, an optional correlationId) whose subject is the one it came on, and
 * a payload of that subject's shape and ranges.
 */
export function eventProblem(subject: string, event: unknown): string | undefined {
  const envelope = schemaProblem(envelopeSchema, event);
  if (envelope) return envelope;
  const { subject: claimed, data } = event as { subject?: unknown; data?: unknown };
  if (claimed !== subject) return `subject ${JSON.stringify(claimed)} is not the subject it came on (${subject})`;
  if (!isSubject(subject)) return `${subject} is no subject of the shop`;
  const problem = payloadProblem(subject, data);
  return problem && `data.${problem}`;
}
