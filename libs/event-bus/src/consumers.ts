import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { DataSource, type EntityManager } from 'typeorm';
import type { EventEnvelope, Subject } from '@shop/contracts';
import { NatsLink } from './nats-link.js';
import { EVENT_BUS_OPTIONS, streamNameOf, wireSubjectOf, type EventBusOptions } from './options.js';
import { OutboxRelay } from './outbox.js';

/**
 * Handles one event inside the transaction that also records it as handled.
 * Events it records with `Outbox.add(manager, …)` commit with it and are
 * published right after.
 */
export type EventHandler<S extends Subject> = (event: EventEnvelope<S>, manager: EntityManager) => Promise<void>;

/** Handlers by subject; every subject of one subscription shares its first word (`product.*`). */
export type EventHandlers = { [S in Subject]?: EventHandler<S> };

interface Subscription {
  durable: string;
  filter: string;
  handlers: EventHandlers;
  messages?: ConsumerMessages;
}

/** Retry delay after the n-th failed delivery: 1 s doubling up to 30 s. */
function retryDelayMs(deliveryCount: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, deliveryCount - 1));
}

/**
 * Durable JetStream consumers whose handlers run at most once per event: the
 * event id is recorded in `processed_event` in the handler's own transaction,
 * so a redelivery finds it and changes nothing. A message is acked only after
 * that transaction commits; a failed handler is retried with a growing delay.
 */
@Injectable()
export class EventConsumers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EventConsumers');
  private readonly subscriptions: Subscription[] = [];
  private started = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly nats: NatsLink,
    private readonly relay: OutboxRelay,
    @Inject(EVENT_BUS_OPTIONS) private readonly options: EventBusOptions,
  ) {}

  /**
   * Declares a durable consumer `name` of this service for the given
   * handlers. Call it before the application has started (in `onModuleInit`).
   */
  subscribe(name: string, handlers: EventHandlers): void {
    if (this.started) throw new Error('subscribe() must be called before the application starts');
    const families = new Set(Object.keys(handlers).map((subject) => subject.split('.')[0]));
    if (families.size !== 1) throw new Error(`subscription ${name} must cover subjects of one kind`);
    const [family] = families;
    const { prefix, service } = this.options;
    this.subscriptions.push({
      durable: `${prefix}_${service}_${name}`.replace(/[^A-Za-z0-9_-]/g, '_'),
      filter: wireSubjectOf(prefix, `${family}.*`),
      handlers,
    });
  }

  onApplicationBootstrap(): void {
    this.started = true;
    for (const subscription of this.subscriptions) {
      this.run(subscription).catch((error: unknown) => {
        if (!this.stopped) this.logger.error(`consumer ${subscription.durable} stopped: ${String(error)}`);
      });
    }
  }

  private async run(subscription: Subscription): Promise<void> {
    const { js, jsm } = await this.nats.ready();
    const stream = streamNameOf(this.options.prefix);
    await jsm.consumers.add(stream, {
      durable_name: subscription.durable,
      filter_subject: subscription.filter,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30_000),
      max_deliver: -1,
    });
    if (this.stopped) return;
    const consumer = await js.consumers.get(stream, subscription.durable);
    subscription.messages = await consumer.consume({ max_messages: 32 });
    for await (const message of subscription.messages) {
      await this.handle(subscription, message);
    }
  }

  private async handle(subscription: Subscription, message: JsMsg): Promise<void> {
    let event: EventEnvelope;
    try {
      event = message.json<EventEnvelope>();
      if (typeof event.id !== 'string' || typeof event.subject !== 'string') throw new Error('not an event envelope');
    } catch (error) {
      this.logger.error(`dropping malformed message on ${message.subject}: ${String(error)}`);
      message.term('malformed');
      return;
    }
    const handler = subscription.handlers[event.subject] as EventHandler<Subject> | undefined;
    if (!handler) {
      message.ack();
      return;
    }
    try {
      await this.dataSource.transaction(async (manager) => {
        const fresh: unknown[] = await manager.query(
          `INSERT INTO processed_event (consumer, event_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [subscription.durable, event.id],
        );
        if (fresh.length === 0) return; // handled before: a redelivery
        await handler(event, manager);
      });
      message.ack();
      this.relay.kick();
    } catch (error) {
      const delay = retryDelayMs(message.info.deliveryCount);
      this.logger.warn(`${event.subject} ${event.id} failed (delivery ${message.info.deliveryCount}), retry in ${delay} ms: ${String(error)}`);
      message.nak(delay);
    }
  }

  /** Stops before the database and NATS connections close (they close on application shutdown). */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.subscriptions.map((s) => s.messages?.close().catch(() => undefined)));
  }
}
