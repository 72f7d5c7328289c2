import { randomUUID } from 'node:crypto';
import {
  eventCatalogue,
  eventExamples,
  eventProblem,
  type ConsumerExpectations,
  type EventEnvelope,
  type EventPayloads,
  type NatsService,
  type Subject,
} from '@shop/contracts';

/*
 * Helpers of the event contract tests (docs/events.md): a consumer's handlers
 * fed only the fields it declares it reads, its subscriptions held to the
 * event catalogue, and a producer's published events held to the contracts.
 */

/** A handler as a consumer calls it (`EventConsumers.declared()`): one event at a time, or a batch. */
type AnyHandler<M> = ((event: EventEnvelope, manager: M) => Promise<void>) | { batch: (events: EventEnvelope[], manager: M) => Promise<void> };
/** A service's consumers (`EventConsumers.declared()`): handlers by subject, by consumer name. */
export type DeclaredConsumers = ReadonlyMap<string, Partial<Record<Subject, unknown>>>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `data` cut down to the fields `expected` names (entries of lists too), each
 * object wrapped so that reading a field the producer sends but the consumer
 * did not declare is written down in `reads` (as `items[].price`).
 */
function declaredOnly(data: unknown, expected: Record<string, unknown>, reads: Set<string>, path = ''): unknown {
  if (!isRecord(data)) return data;
  const kept: Record<string, unknown> = {};
  for (const [field, expectation] of Object.entries(expected)) {
    if (!(field in data)) continue;
    const value = data[field];
    kept[field] =
      isRecord(expectation) && expectation.kind === 'list' && Array.isArray(value)
        ? value.map((entry) => declaredOnly(entry, expectation.of as Record<string, unknown>, reads, `${path}${field}[].`))
        : value;
  }
  return new Proxy(kept, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !(key in target) && key in data) reads.add(`${path}${key}`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/**
 * Runs `consumer`'s handler of `subject` (as the service declared it) on one
 * event whose payload is `data` cut down to the fields the consumer's
 * expectations name, in `transaction`; answers the fields of `data` the
 * handler read without declaring them. A handler that needs a field it does
 * not declare either reads it (it is named here) or fails for want of it.
 */
export async function feedDeclaredFields<S extends Subject, M>(options: {
  declared: DeclaredConsumers;
  consumer: string;
  subject: S;
  expectations: ConsumerExpectations;
  /** The payload as the producer sends it; the subject's canonical example by default. */
  data?: EventPayloads[S];
  /** Runs the handler in a transaction, as the service's consumers do (`OutboxRelay.transaction`). */
  transaction: (work: (manager: M) => Promise<void>) => Promise<unknown>;
}): Promise<{ undeclaredReads: string[]; event: EventEnvelope<S> }> {
  const { declared, consumer, subject } = options;
  const handler = declared.get(consumer)?.[subject] as AnyHandler<M> | undefined;
  if (!handler) throw new Error(`the service declares no handler of ${subject} in consumer ${consumer}`);
  const expected = options.expectations[subject] as Record<string, unknown> | undefined;
  if (!expected) throw new Error(`consumer ${consumer} declares no expectations of ${subject}`);
  const reads = new Set<string>();
  const event = {
    id: randomUUID(),
    subject,
    occurredAt: new Date().toISOString(),
    data: declaredOnly(options.data ?? eventExamples[subject], expected, reads) as EventPayloads[S],
  } as EventEnvelope<S>;
  try {
    await options.transaction((manager) => (typeof handler === 'function' ? handler(event, manager) : handler.batch([event], manager)));
  } catch (error) {
    const undeclared = reads.size > 0 ? `, having read fields it does not declare (${[...reads].sort().join(', ')})` : '';
    throw new Error(`consumer ${consumer}: its handler of ${subject} failed on a payload of only the fields it declares${undeclared}: ${String(error)}`, { cause: error });
  }
  return { undeclaredReads: [...reads].sort(), event };
}

/**
 * Where `service`'s consumers and the event catalogue disagree: a subject a
 * consumer handles that the catalogue does not list it for (or the other way
 * round), or one it handles without declaring what it reads of it (or
 * declares expectations of without handling it). Empty when they agree.
 */
export function catalogueProblems(service: NatsService, declared: DeclaredConsumers, expectations: Record<string, ConsumerExpectations>): string[] {
  const problems: string[] = [];
  const handled = new Set([...declared].flatMap(([name, handlers]) => Object.keys(handlers).map((subject) => `${service}/${name} ${subject}`)));
  const listed = new Set(
    (Object.keys(eventCatalogue) as Subject[]).flatMap((subject) =>
      eventCatalogue[subject].consumers.filter((consumer) => consumer.startsWith(`${service}/`)).map((consumer) => `${consumer} ${subject}`),
    ),
  );
  const expected = new Set(Object.entries(expectations).flatMap(([name, bySubject]) => Object.keys(bySubject).map((subject) => `${service}/${name} ${subject}`)));
  for (const pair of handled) {
    if (!listed.has(pair)) problems.push(`${pair}: handled, but the event catalogue does not list this consumer`);
    if (!expected.has(pair)) problems.push(`${pair}: handled, but the consumer declares no expectations of it`);
  }
  for (const pair of listed) if (!handled.has(pair)) problems.push(`${pair}: listed in the event catalogue, but not handled`);
  for (const pair of expected) if (!handled.has(pair)) problems.push(`${pair}: expectations declared, but not handled`);
  return problems;
}

/**
 * The events of `producer`'s subjects among `events` that break their
 * contract, one line each (`stock.rejected 1f…: data.productName must be …`);
 * empty when all keep it.
 */
export function producedContractProblems(producer: NatsService, events: readonly EventEnvelope[]): string[] {
  return events
    .filter((event) => eventCatalogue[event.subject]?.producer === producer)
    .flatMap((event) => {
      const problem = eventProblem(event.subject, event);
      return problem ? [`${event.subject} ${event.id}: ${problem} (${JSON.stringify(event.data)})`] : [];
    });
}

/** The subjects of `producer`'s among `events`, sorted, each once. */
export function subjectsAmong(producer: NatsService, events: readonly EventEnvelope[]): Subject[] {
  return [...new Set(events.map((event) => event.subject).filter((subject) => eventCatalogue[subject]?.producer === producer))].sort();
}
