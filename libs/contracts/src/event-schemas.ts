import { z } from 'zod';
import { EVENTS, type Subject } from './events.js';

/*
 * Each event's contract as a plain description, the fields of its payload, their kinds and ranges,
 * read from the event's one zod schema (events.ts) through its JSON Schema. Two things use it:
 *
 * - the check every consumer runs on what arrives (`eventProblem`), so an event
 *   forged by whoever reaches NATS (a price of 1 cent made negative, a quantity
 *   of -1000) or garbled on the way is set aside before it changes anything;
 * - the comparison with what each consumer says it reads (`expectationProblems`
 *   in event-expectations.ts), which CI runs so that a producer cannot drop or
 *   narrow a field a consumer relies on unnoticed.
 *
 * The check walks this description rather than calling zod for each message: it is on the order
 * pipeline's hot path (three events an order), its messages say what a field must be in the shop's words
 * (`a whole number from 1 to 10000`), and the consumer comparison needs to read the kinds and ranges.
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

const object = <Fields extends Record<string, FieldSchema>>(fields: Fields): ObjectSchema<Fields> => ({ kind: 'object', fields });
const text = (maxLength: number, { allowEmpty = false } = {}): TextSchema => ({ kind: 'text', maxLength, allowEmpty });
const uuid: UuidSchema = { kind: 'uuid' };
const time: TimeSchema = { kind: 'time' };

/** A JSON Schema as zod writes it for the kinds the contracts use. */
interface JsonSchema {
  type?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** The plain description of one field of a zod schema's JSON Schema; anything else is a mistake in events.ts. */
function fieldSchemaOf(json: JsonSchema, where: string): FieldSchema {
  switch (json.type) {
    case 'string':
      if (json.format === 'uuid') return uuid;
      if (json.format === 'date-time') return time;
      if (json.maxLength === undefined) throw new Error(`${where}: a text needs a maximum length`);
      return text(json.maxLength, { allowEmpty: !(json.minLength && json.minLength > 0) });
    case 'integer':
      return { kind: 'whole number', min: json.minimum ?? Number.MIN_SAFE_INTEGER, max: json.maximum ?? Number.MAX_SAFE_INTEGER };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      if (!json.items) throw new Error(`${where}: a list needs its entries' schema`);
      return { kind: 'list', of: fieldSchemaOf(json.items, `${where}[]`), minEntries: json.minItems ?? 0, maxEntries: json.maxItems ?? Number.MAX_SAFE_INTEGER };
    case 'object':
      return objectSchemaOf(json, where);
    default:
      throw new Error(`${where}: ${JSON.stringify(json)} is no kind of the event contracts`);
  }
}

function objectSchemaOf(json: JsonSchema, where: string): ObjectSchema {
  const required = new Set(json.required ?? []);
  return object(
    Object.fromEntries(
      Object.entries(json.properties ?? {}).map(([name, field]) => {
        const schema = fieldSchemaOf(field, `${where}.${name}`);
        return [name, required.has(name) ? schema : { ...schema, optional: true as const }];
      }),
    ),
  );
}

/** A payload's JSON Schema as its consumers may receive it: the fields it has, others let through. */
export function jsonSchemaOfPayload(subject: Subject): JsonSchema {
  return z.toJSONSchema(EVENTS[subject].payload, { io: 'input' }) as JsonSchema;
}

/** The contract of each subject's payload, as the producer promises it: read from its schema in events.ts. */
export const eventSchemas: { readonly [S in Subject]: ObjectSchema } = Object.fromEntries(
  (Object.keys(EVENTS) as Subject[]).map((subject) => [subject, objectSchemaOf(jsonSchemaOfPayload(subject), subject)]),
) as { readonly [S in Subject]: ObjectSchema };

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
