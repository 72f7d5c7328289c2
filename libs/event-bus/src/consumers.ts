import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { AckPolicy, DeliverPolicy, type ConsumerInfo, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { context, trace, type Span } from '@opentelemetry/api';
import type { EntityManager } from 'typeorm';
import { eventProblem, type EventEnvelope, type Subject } from '@shop/contracts';
import { prepared, Readiness, ShopMetrics, withRequestId } from '@shop/service-kit';
import { DiscoverableEventHandler, type HandlesEvent, type HandlesEventBatch } from './event-handler.js';
import { NatsLink } from './nats-link.js';
import { EVENT_BUS_OPTIONS, streamNameOf, wireSubjectOf, type EventBusOptions } from './options.js';
import { OutboxRelay } from './relay.js';
import { endSpan, startProcessSpan, traceparentOf, withSpan } from './trace-context.js';

/** A handler of one event at a time, as a consumer calls it. */
type OneEvent<S extends Subject> = (event: EventEnvelope<S>, manager: EntityManager) => Promise<void>;

/** A handler of a run of events of one subject in one call, as a consumer calls it. */
interface EventBatch<S extends Subject> {
  batch: (events: EventEnvelope<S>[], manager: EntityManager) => Promise<void>;
}

/** A consumer's handlers by subject; every subject of one consumer shares its first word (`product.*`). */
export type EventHandlers = { [S in Subject]?: OneEvent<S> | EventBatch<S> };

interface Subscription {
  /** The consumer's name, as its handlers declare it. */
  name: string;
  durable: string;
  filter: string;
  handlers: EventHandlers;
  /** How long the first waiting message may wait for more before its batch is handled (the handlers' longest `lingerMs`). */
  lingerMs: number;
  messages?: ConsumerMessages;
  /** Whether the durable consumer exists (it was set up at least once). */
  established: boolean;
  /** Why it was not, or why it paused last. */
  problem?: string;
  /** The batch being handled now, which a shutdown waits for. */
  handling?: Promise<void>;
}

/** An event of a fetched batch, with the message it came in and the span of its processing. */
interface Delivery {
  message: JsMsg;
  event: EventEnvelope;
  /** Its processing's span, when its message carried a sampled trace. */
  span?: Span;
}

/** The span processing each event being handled (trace-context.ts), for `traceparentOfEvent`. */
const processing = new WeakMap<EventEnvelope, Span>();

/**
 * The trace context of an event being handled: what a batch handler gives each event it records in
 * answer to one of the batch (`{ …, correlationId: event.correlationId, traceparent: traceparentOfEvent(event) }`),
 * so the answer continues that event's trace. Undefined with tracing off.
 */
export function traceparentOfEvent(event: EventEnvelope): string | undefined {
  const span = processing.get(event);
  return span ? traceparentOf(trace.setSpan(context.active(), span)) : undefined;
}

/** Most messages handled in one transaction. */
const MAX_BATCH = 200;
/**
 * How many waiting messages end a batching window early (`lingerMs`): enough to make a transaction
 * worth its round trips, few enough that a busy consumer's batches stay small slices of the event loop
 * (a window that filled up to MAX_BATCH held the order pipeline's answers behind one long batch).
 */
const LINGER_ENOUGH = 20;
/** Messages a consumer may hold unacknowledged (JetStream stops delivering beyond it). */
const MAX_ACK_PENDING = 1_000;
/**
 * How long JetStream waits for an ack before delivering a message again: what a crash costs the
 * messages a process held. Long enough for every message held to be handled (MAX_ACK_PENDING at a
 * few hundred per second), short enough that a sale does not stall long after a crash.
 */
const ACK_WAIT_MS = 10_000;

/** Retry delay after the n-th failed delivery: 1 s doubling up to 30 s. */
function retryDelayMs(deliveryCount: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, deliveryCount - 1));
}

const isBatchHandler = (handler: OneEvent<Subject> | EventBatch<Subject>): handler is EventBatch<Subject> => typeof handler === 'object';

type AnyHandlerClass = Partial<HandlesEvent<Subject> & HandlesEventBatch<Subject>>;

/**
 * Durable JetStream consumers of the service's event handlers (the providers
 * marked `@EventHandler`, found at start-up), run at most once per event: the
 * event id is recorded in `processed_event` in the handler's own transaction,
 * so a redelivery finds it and changes nothing. A message is acked only after
 * that transaction commits; a failed handler is retried with a growing delay.
 *
 * Messages are handled in batches: whatever has arrived (up to MAX_BATCH) is
 * handled in stream order in one transaction, which records every event id in
 * one statement and commits once. When a batch fails, its messages are handled
 * again one per transaction, so that one failing event delays only itself. A
 * consumer whose handlers allow it (`lingerMs`) holds its first waiting message
 * that long for more, so that events arriving one by one still share a batch.
 */
@Injectable()
export class EventConsumers implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EventConsumers');
  private readonly subscriptions: Subscription[] = [];
  private stopped = false;
  private readonly handledCount: ReturnType<ShopMetrics['counter']>;
  private readonly failedCount: ReturnType<ShopMetrics['counter']>;
  /** The consumers' state as JetStream last told it, shared by the gauges of one scrape. */
  private consumerInfos?: { at: number; infos: Promise<{ name: string; info: ConsumerInfo }[]> };

  constructor(
    private readonly nats: NatsLink,
    private readonly relay: OutboxRelay,
    @Inject(EVENT_BUS_OPTIONS) private readonly options: EventBusOptions,
    private readonly discovery: DiscoveryService,
    readiness: Readiness,
    metrics: ShopMetrics,
  ) {
    this.handledCount = metrics.counter('shop_events_handled_total', 'Events handled, by consumer and subject', ['consumer', 'subject']);
    this.failedCount = metrics.counter('shop_event_failures_total', 'Deliveries whose handler failed (retried later), by consumer and subject', ['consumer', 'subject']);
    const perConsumer = (read: (info: ConsumerInfo) => number) => async () =>
      (await this.readConsumerInfos()).map(({ name, info }) => ({ labels: { consumer: name }, value: read(info) }));
    metrics.gauge('shop_consumer_pending_messages', 'Messages of the stream not yet delivered to the consumer: its lag', perConsumer((info) => info.num_pending), ['consumer']);
    metrics.gauge('shop_consumer_unacked_messages', 'Messages delivered to the consumer and not yet acknowledged', perConsumer((info) => info.num_ack_pending), ['consumer']);
    metrics.gauge(
      'shop_consumer_redelivered_messages',
      'Messages delivered to the consumer more than once and not yet acknowledged',
      perConsumer((info) => info.num_redelivered),
      ['consumer'],
    );
    // Not ready until every consumer exists: a service without them would take orders it never hears back about.
    readiness.register('consumers', async () => {
      const missing = this.subscriptions.filter((subscription) => !subscription.established);
      if (missing.length > 0) {
        throw new Error(`consumers not set up yet: ${missing.map((s) => `${s.durable}${s.problem ? ` (${s.problem})` : ''}`).join(', ')}`);
      }
    });
  }

  /**
   * Finds the service's event handlers (every provider is built by now) and
   * declares one durable consumer per consumer name they give.
   */
  onModuleInit(): void {
    const byConsumer = new Map<string, { handlers: EventHandlers; lingerMs: number }>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: DiscoverableEventHandler.KEY })) {
      const options = this.discovery.getMetadataByDecorator(DiscoverableEventHandler, wrapper);
      const instance = wrapper.instance as AnyHandlerClass | undefined;
      if (!options || !instance) continue;
      const consumer = byConsumer.get(options.consumer) ?? { handlers: {}, lingerMs: 0 };
      if (consumer.handlers[options.subject]) throw new Error(`consumer ${options.consumer} has two handlers of ${options.subject}`);
      consumer.handlers[options.subject] = this.handlerOf(wrapper.name, instance) as never;
      consumer.lingerMs = Math.max(consumer.lingerMs, options.lingerMs ?? 0);
      byConsumer.set(options.consumer, consumer);
    }
    for (const [name, { handlers, lingerMs }] of byConsumer) this.subscribe(name, handlers, lingerMs);
  }

  /** A handler class as the consumer calls it: a run of events at once if it takes batches. */
  private handlerOf(name: string, instance: AnyHandlerClass): OneEvent<Subject> | EventBatch<Subject> {
    if (instance.handleBatch) return { batch: (events, manager) => instance.handleBatch!(events, manager) };
    if (instance.handle) return (event, manager) => instance.handle!(event, manager);
    throw new Error(`event handler ${name} has neither handle(event, manager) nor handleBatch(events, manager)`);
  }

  private subscribe(name: string, handlers: EventHandlers, lingerMs: number): void {
    const families = new Set(Object.keys(handlers).map((subject) => subject.split('.')[0]));
    if (families.size !== 1) throw new Error(`consumer ${name} must handle subjects of one kind, not ${[...families].join(' and ')}.*`);
    const [family] = families;
    const { prefix, service } = this.options;
    this.subscriptions.push({
      name,
      durable: `${prefix}_${service}_${name}`.replace(/[^A-Za-z0-9_-]/g, '_'),
      filter: wireSubjectOf(prefix, `${family}.*`),
      handlers,
      lingerMs,
      established: false,
    });
  }

  /** Each established consumer's state, asked of JetStream at most once a second (one scrape reads three gauges). */
  private readConsumerInfos(): Promise<{ name: string; info: ConsumerInfo }[]> {
    if (this.consumerInfos && Date.now() - this.consumerInfos.at < 1_000) return this.consumerInfos.infos;
    const infos = (async () => {
      const { jsm } = await this.nats.ready();
      const stream = streamNameOf(this.options.prefix);
      const established = this.subscriptions.filter((subscription) => subscription.established);
      return Promise.all(established.map(async ({ name, durable }) => ({ name, info: await jsm.consumers.info(stream, durable) })));
    })();
    this.consumerInfos = { at: Date.now(), infos };
    return infos;
  }

  /**
   * The handlers of each consumer, by consumer name: what this service
   * consumes (its contract tests hold it to the event catalogue and feed these
   * handlers).
   */
  declared(): ReadonlyMap<string, EventHandlers> {
    return new Map(this.subscriptions.map((subscription) => [subscription.name, subscription.handlers]));
  }

  onApplicationBootstrap(): void {
    for (const subscription of this.subscriptions) void this.keepRunning(subscription);
  }

  /**
   * Runs a consumer for as long as the service runs: when setting it up or
   * consuming fails (NATS down at that moment, the consumer deleted), it
   * starts again after 1 s, doubling up to 30 s.
   */
  private async keepRunning(subscription: Subscription): Promise<void> {
    let delay = 1_000;
    while (!this.stopped) {
      const started = Date.now();
      try {
        await this.run(subscription);
      } catch (error) {
        if (this.stopped) return;
        subscription.problem = error instanceof Error ? error.message : String(error);
        this.logger.warn(`consumer ${subscription.durable} paused (${String(error)}); starting again in ${delay} ms`);
      }
      if (this.stopped) return;
      if (Date.now() - started > 60_000) delay = 1_000;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(30_000, delay * 2);
    }
  }

  private async run(subscription: Subscription): Promise<void> {
    const { js, jsm } = await this.nats.ready();
    const stream = streamNameOf(this.options.prefix);
    const config = {
      filter_subject: subscription.filter,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(ACK_WAIT_MS),
      max_deliver: -1,
      max_ack_pending: MAX_ACK_PENDING,
    };
    await jsm.consumers.add(stream, { durable_name: subscription.durable, deliver_policy: DeliverPolicy.All, ...config });
    // A consumer made by an earlier version keeps its name and position; its settings follow this one.
    await jsm.consumers.update(stream, subscription.durable, config).catch(() => undefined);
    subscription.established = true;
    subscription.problem = undefined;
    if (this.stopped) return;
    const consumer = await js.consumers.get(stream, subscription.durable);
    // A consumer deleted from under us (by an operator, or with its stream) ends the iteration, and
    // keepRunning sets it up again.
    const messages = await consumer.consume({ max_messages: MAX_BATCH, abort_on_missing_resource: true });
    subscription.messages = messages;

    // The iterator yields messages one by one as they arrive; they wait here until the batch under
    // way is done (and, with a batching window, until the first of them has waited lingerMs or
    // LINGER_ENOUGH are there), then go together. JetStream's max_ack_pending bounds how many can wait.
    const waiting: JsMsg[] = [];
    let wake: (() => void) | undefined;
    let ended = false;
    /** When the oldest waiting message arrived (performance.now()). */
    let oldestAt = 0;
    const reader = (async () => {
      try {
        for await (const message of messages) {
          if (waiting.length === 0) oldestAt = performance.now();
          waiting.push(message);
          wake?.();
        }
      } finally {
        ended = true;
        wake?.();
      }
    })();
    for (;;) {
      if (this.stopped) {
        // Shutting down: what was fetched and not handled goes back to JetStream at once, for another
        // replica (or this one's successor) to take now rather than after the ack wait.
        for (const message of waiting.splice(0)) message.nak();
        break;
      }
      if (waiting.length === 0) {
        if (ended) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      const lingerLeft = oldestAt + subscription.lingerMs - performance.now();
      if (lingerLeft > 0 && waiting.length < LINGER_ENOUGH && !ended) {
        // Woken by the next message (to see whether the batch is whole) or when the window closes.
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, lingerLeft);
        });
        clearTimeout(timer);
        wake = undefined;
        continue;
      }
      subscription.handling = this.handleBatch(subscription, waiting.splice(0, MAX_BATCH));
      await subscription.handling;
      subscription.handling = undefined;
    }
    await reader;
  }

  private async handleBatch(subscription: Subscription, messages: JsMsg[]): Promise<void> {
    const deliveries: Delivery[] = [];
    for (const message of messages) {
      const event = this.envelopeOf(message);
      if (!event) continue;
      if (subscription.handlers[event.subject]) deliveries.push(this.deliveryOf(subscription, message, event));
      else message.ack();
    }
    if (deliveries.length === 0) return;
    let handled: EventEnvelope[];
    try {
      handled = await this.relay.transaction((manager) => this.apply(subscription, deliveries, manager));
    } catch (error) {
      for (const { span } of deliveries) endSpan(span, error);
      if (deliveries.length === 1) return this.retryLater(subscription, deliveries[0], error);
      this.logger.warn(`a batch of ${deliveries.length} events failed (${String(error)}); handling them one by one`);
      for (const { message, event } of deliveries) await this.handleOne(subscription, this.deliveryOf(subscription, message, event));
      return;
    }
    for (const { message, span } of deliveries) {
      message.ack();
      endSpan(span);
    }
    this.logHandled(subscription, handled);
  }

  private countHandled(subscription: Subscription, events: readonly EventEnvelope[]): void {
    for (const event of events) this.handledCount.inc({ consumer: subscription.name, subject: event.subject });
  }

  private async handleOne(subscription: Subscription, delivery: Delivery): Promise<void> {
    let handled: EventEnvelope[];
    try {
      handled = await this.relay.transaction((manager) => this.apply(subscription, [delivery], manager));
    } catch (error) {
      endSpan(delivery.span, error);
      return this.retryLater(subscription, delivery, error);
    }
    delivery.message.ack();
    endSpan(delivery.span);
    this.logHandled(subscription, handled);
  }

  /** A delivery of `event`, its processing span started: a child of the context its message carried. */
  private deliveryOf(subscription: Subscription, message: JsMsg, event: EventEnvelope): Delivery {
    const span = startProcessSpan(subscription.durable, event.subject, message.subject, event.id, message.headers);
    if (span) processing.set(event, span);
    return { message, event, span };
  }

  /**
   * One line per event handled, the consumer's counterpart of a request line, showing the id of the
   * request that set the event off (`requestId`): grep it to follow an order through every service.
   * At debug: at info these lines cost a sixth of the order pipeline's throughput (docs/architecture.md).
   */
  private logHandled(subscription: Subscription, events: readonly EventEnvelope[]): void {
    this.countHandled(subscription, events);
    for (const event of events) {
      withRequestId(event.correlationId, () => this.logger.debug(`${subscription.name} handled ${event.subject} ${event.id}`));
    }
  }

  /**
   * Records the events as handled and runs the handlers of those that were
   * not handled before, in stream order: a run of consecutive events of one
   * subject whose handler takes batches goes to it in one call. A handler runs
   * as part of its events' request (their correlation id: what it logs shows
   * it, what it records carries it on) when they share one. Answers the events
   * handled now.
   */
  private async apply(subscription: Subscription, deliveries: Delivery[], manager: EntityManager): Promise<EventEnvelope[]> {
    const fresh: { event_id: string }[] = await manager.query(
      prepared(`INSERT INTO processed_event (consumer, event_id)
       SELECT $1, unnest($2::uuid[])
       ON CONFLICT DO NOTHING RETURNING event_id`),
      [subscription.durable, deliveries.map(({ event }) => event.id)],
    );
    const freshIds = new Set(fresh.map((row) => row.event_id));
    // The same event twice in one batch (two copies of it in the stream) is handled once.
    const events = deliveries.map(({ event }) => event).filter((event) => freshIds.delete(event.id));
    for (let start = 0; start < events.length; ) {
      const handler = subscription.handlers[events[start].subject] as OneEvent<Subject> | EventBatch<Subject>;
      if (!isBatchHandler(handler)) {
        const event = events[start];
        await withSpan(processing.get(event), () => withRequestId(event.correlationId, () => handler(event, manager)));
        start += 1;
        continue;
      }
      let end = start + 1;
      while (end < events.length && events[end].subject === events[start].subject) end += 1;
      const run = events.slice(start, end);
      const correlation = run.every((event) => event.correlationId === run[0].correlationId) ? run[0].correlationId : undefined;
      // One call for the run: its statements show in its first event's trace; what it records for each
      // event carries that event's own context (traceparentOfEvent).
      await withSpan(processing.get(run[0]), () => withRequestId(correlation, () => handler.batch(run, manager)));
      start = end;
    }
    return events;
  }

  /**
   * The message's event, or nothing for one that breaks its contract (not
   * JSON, a field of the wrong type or out of range, a subject other than the
   * one it came on): such a message is terminated for good, with a log line,
   * and changes nothing; no retry can mend it.
   */
  private envelopeOf(message: JsMsg): EventEnvelope | undefined {
    const subject = message.subject.slice(this.options.prefix.length + 1);
    let problem: string | undefined;
    let event: unknown;
    try {
      event = message.json<unknown>();
      problem = eventProblem(subject, event);
    } catch (error) {
      problem = `not JSON (${String(error)})`;
    }
    if (!problem) return event as EventEnvelope;
    const id = (event as { id?: unknown } | undefined)?.id;
    this.logger.warn(`dropping an event on ${message.subject} that breaks its contract (id ${typeof id === 'string' ? id.slice(0, 36) : 'none'}): ${problem}`);
    message.term('breaks its contract');
    return undefined;
  }

  private retryLater(subscription: Subscription, { message, event }: Delivery, error: unknown): void {
    this.failedCount.inc({ consumer: subscription.name, subject: event.subject });
    const delay = retryDelayMs(message.info.deliveryCount);
    withRequestId(event.correlationId, () =>
      this.logger.warn(`${event.subject} ${event.id} failed (delivery ${message.info.deliveryCount}), retry in ${delay} ms: ${String(error)}`),
    );
    message.nak(delay);
  }

  /**
   * Stops before the database and NATS connections close (they close on application shutdown): no
   * more messages, the batch under way finished and acknowledged (at most 10 s), what waited handed back.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.subscriptions.map((s) => s.messages?.close().catch(() => undefined)));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.subscriptions.map((s) => s.handling?.catch(() => undefined))),
      new Promise((resolve) => (timer = setTimeout(resolve, 10_000))),
    ]);
    clearTimeout(timer);
  }
}
