import type { EventPayloads, Subject } from './events.js';
import { describeSchema, eventSchemas, type FieldSchema, type ObjectSchema } from './event-schemas.js';
import { eventCatalogue } from './event-catalogue.js';

/*
 * Consumer-driven contracts, Pact's idea without a broker: each consumer says
 * what it reads of the payloads it consumes (beside its handlers), and CI
 * checks every such expectation against the producer's contract
 * (event-schemas.ts). A producer may add fields freely; dropping, renaming or
 * widening a field some consumer relies on fails that consumer's tests, with
 * the consumer, the subject and the field named.
 */

/** A field read with no more assumed than its kind. */
export type PlainExpectation = 'uuid' | 'text' | 'whole number' | 'boolean' | 'time';

/** What a consumer relies on in a text: a bound on its length (it stores it in a varchar), or that it is never empty. */
export interface TextExpectation {
  kind: 'text';
  maxLength?: number;
  nonEmpty?: true;
  /** The consumer copes with the field's absence. */
  optional?: true;
}
/** What a consumer relies on in a whole number: its range (e.g. at least 0, or fits an `integer` column). */
export interface WholeNumberExpectation {
  kind: 'whole number';
  min?: number;
  max?: number;
  optional?: true;
}
/** What a consumer relies on in a list: its length, and what it reads of each entry. */
export interface ListExpectation<Entry> {
  kind: 'list';
  minEntries?: number;
  maxEntries?: number;
  of: PayloadExpectation<Entry>;
  optional?: true;
}
/** A UUID, a boolean or a time, when the consumer copes with the field's absence. */
export interface OptionalExpectation {
  kind: 'uuid' | 'boolean' | 'time';
  optional: true;
}

export type FieldExpectation =
  | PlainExpectation
  | TextExpectation
  | WholeNumberExpectation
  | OptionalExpectation
  | ListExpectation<Record<string, unknown>>;

/** The expectation a field of type T can carry (a list's entries are expected field by field). */
type ExpectationOf<T> = [T] extends [readonly (infer Entry)[]]
  ? ListExpectation<Entry>
  : [T] extends [string]
    ? 'uuid' | 'text' | 'time' | TextExpectation | OptionalExpectation
    : [T] extends [number]
      ? 'whole number' | WholeNumberExpectation | OptionalExpectation
      : [T] extends [boolean]
        ? 'boolean' | OptionalExpectation
        : never;

/** The fields a consumer reads of a payload of type T, each with what it relies on; fields it ignores are left out. */
export type PayloadExpectation<T> = { [K in keyof T & string]?: ExpectationOf<Exclude<T[K], undefined>> };

/** What one consumer reads of each subject it consumes. */
export type ConsumerExpectations = { [S in Subject]?: PayloadExpectation<EventPayloads[S]> };

/** The contract of each subject's payload, as `eventSchemas` has it (a test passes a fabricated one). */
export type EventContracts = { readonly [S in Subject]?: ObjectSchema };

const kindOf = (expectation: FieldExpectation): FieldSchema['kind'] =>
  typeof expectation === 'string' ? expectation : expectation.kind;

/** How a promised text's length is bounded (a UUID is 36 characters, an ISO time at most 32). */
function maxLengthOf(schema: FieldSchema): number | undefined {
  if (schema.kind === 'text') return schema.maxLength;
  if (schema.kind === 'uuid') return 36;
  if (schema.kind === 'time') return 32;
  return undefined;
}

/** Why a field as promised does not give what the consumer relies on (in words after "but the contract"), or undefined when it does. */
function fieldGap(expected: FieldExpectation, promised: FieldSchema): string | undefined {
  const kind = kindOf(expected);
  const says = `says ${describeSchema(promised)}`;
  if (promised.optional && !(typeof expected === 'object' && expected.optional)) return `lets it be absent`;
  // Any text will do where a text is read; a UUID or a time is a text too.
  const kindFits = kind === promised.kind || (kind === 'text' && (promised.kind === 'uuid' || promised.kind === 'time'));
  if (!kindFits) return says;
  if (typeof expected === 'string') return undefined;
  if (expected.kind === 'text') {
    const maxLength = maxLengthOf(promised);
    if (expected.maxLength !== undefined && (maxLength === undefined || maxLength > expected.maxLength)) return says;
    if (expected.nonEmpty && promised.kind === 'text' && promised.allowEmpty) return says;
    return undefined;
  }
  if (expected.kind === 'whole number' && promised.kind === 'whole number') {
    if (expected.min !== undefined && promised.min < expected.min) return says;
    if (expected.max !== undefined && promised.max > expected.max) return says;
    return undefined;
  }
  if (expected.kind === 'list' && promised.kind === 'list') {
    if (expected.minEntries !== undefined && promised.minEntries < expected.minEntries) return says;
    if (expected.maxEntries !== undefined && promised.maxEntries > expected.maxEntries) return says;
  }
  return undefined;
}

const PLAIN: Record<PlainExpectation, string> = {
  uuid: 'a UUID',
  text: 'a text',
  'whole number': 'a whole number',
  boolean: 'true or false',
  time: 'an ISO 8601 time',
};

/** What the consumer relies on in a field, in words (`a whole number from 0`, `a text`). */
function describeExpectation(expected: FieldExpectation): string {
  if (typeof expected === 'string') return PLAIN[expected];
  const absent = expected.optional ? ' (or absent)' : '';
  switch (expected.kind) {
    case 'text':
      return `a ${expected.nonEmpty ? 'non-empty ' : ''}text${expected.maxLength !== undefined ? ` of at most ${expected.maxLength} characters` : ''}${absent}`;
    case 'whole number':
      return `a whole number${expected.min !== undefined ? ` from ${expected.min}` : ''}${expected.max !== undefined ? ` up to ${expected.max}` : ''}${absent}`;
    case 'list':
      return `a list${expected.minEntries !== undefined ? ` of at least ${expected.minEntries} entries` : ''}${expected.maxEntries !== undefined ? ` of at most ${expected.maxEntries} entries` : ''}${absent}`;
    default:
      return PLAIN[expected.kind] + absent;
  }
}

function objectProblems(
  where: { consumer: string; subject: string; producer: string },
  path: string,
  expected: Record<string, FieldExpectation | undefined>,
  promised: ObjectSchema,
): string[] {
  const problems: string[] = [];
  for (const [field, expectation] of Object.entries(expected)) {
    if (expectation === undefined) continue;
    const name = `${path}${field}`;
    const schema = Object.hasOwn(promised.fields, field) ? promised.fields[field] : undefined;
    const reads = `${where.consumer} reads ${where.subject} field ${name}`;
    if (!schema) {
      problems.push(`${reads}, which the producer (${where.producer}) does not send`);
      continue;
    }
    const gap = fieldGap(expectation, schema);
    if (gap) {
      problems.push(`${reads} as ${describeExpectation(expectation)}, but the producer's (${where.producer}) contract ${gap}`);
      continue;
    }
    if (typeof expectation === 'object' && expectation.kind === 'list' && schema.kind === 'list') {
      if (schema.of.kind !== 'object') problems.push(`${reads} entries as objects, but the producer's (${where.producer}) contract says ${describeSchema(schema.of)}`);
      else problems.push(...objectProblems(where, `${name}[].`, expectation.of as Record<string, FieldExpectation | undefined>, schema.of));
    }
  }
  return problems;
}

/**
 * Where the producers' contracts fail what `consumer` reads: one line per
 * field it reads that is not sent, is of another kind, or has a range wider
 * than the consumer relies on. Empty when every expectation is met.
 */
export function expectationProblems(consumer: string, expectations: ConsumerExpectations, contracts: EventContracts = eventSchemas): string[] {
  const problems: string[] = [];
  for (const [subject, expected] of Object.entries(expectations) as [Subject, Record<string, FieldExpectation>][]) {
    const contract = contracts[subject];
    const producer = eventCatalogue[subject]?.producer ?? 'no producer';
    if (!contract) {
      problems.push(`${consumer} reads ${subject}, which has no contract`);
      continue;
    }
    problems.push(...objectProblems({ consumer, subject, producer }, '', expected, contract));
  }
  return problems;
}
