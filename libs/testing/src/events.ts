import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { streamNameOf, wireSubjectOf, type EventEnvelope, type EventPayloads, type Subject } from '@shop/contracts';
import { eventually, TEST_NATS_URL } from './instance.js';

/**
 * A test's view of an instance's event stream: publishes events as another
 * service would, and reads back everything the stream holds.
 */
export class TestEventStream {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    readonly prefix: string,
  ) {}

  static async open(prefix: string, natsUrl = TEST_NATS_URL): Promise<TestEventStream> {
    const nc = await connect({ servers: natsUrl });
    return new TestEventStream(nc, jetstream(nc), prefix);
  }

  /**
   * Publishes an event envelope. A given `msgId` other than the event id
   * slips past JetStream's deduplication: that is how a test redelivers.
   */
  async publish<S extends Subject>(
    subject: S,
    data: EventPayloads[S],
    options: { id?: string; occurredAt?: string; msgId?: string } = {},
  ): Promise<EventEnvelope<S>> {
    const envelope: EventEnvelope<S> = {
      id: options.id ?? randomUUID(),
      subject,
      occurredAt: options.occurredAt ?? new Date().toISOString(),
      data,
    };
    await this.js.publish(wireSubjectOf(this.prefix, subject), JSON.stringify(envelope), { msgID: options.msgId ?? envelope.id });
    return envelope;
  }

  /** Publishes any text on a subject of the instance, as a forger who reaches NATS would. */
  async publishRaw(subject: string, text: string): Promise<void> {
    await this.js.publish(wireSubjectOf(this.prefix, subject), text, { msgID: randomUUID() });
  }

  /** Every event the stream holds, oldest first (an empty list when there is no stream yet). */
  async all(): Promise<EventEnvelope[]> {
    const stream = await this.js.streams.get(streamNameOf(this.prefix)).catch(() => undefined);
    if (!stream) return [];
    const { state } = await stream.info();
    if (state.messages === 0) return [];
    const consumer = await this.js.consumers.get(streamNameOf(this.prefix));
    const events: EventEnvelope[] = [];
    const messages = await consumer.consume();
    for await (const message of messages) {
      // A forged message that is no JSON (publishRaw) is no event: skipped.
      try {
        events.push(message.json<EventEnvelope>());
      } catch {
        // not an event
      }
      if (message.info.pending === 0) break;
    }
    await messages.close();
    return events;
  }

  /** The events of one subject, optionally only those whose data matches `where`. */
  async of<S extends Subject>(subject: S, where: (data: EventPayloads[S]) => boolean = () => true): Promise<EventEnvelope<S>[]> {
    return (await this.all()).filter(
      (event): event is EventEnvelope<S> => event.subject === subject && where(event.data as EventPayloads[S]),
    );
  }

  /** Waits until the stream holds at least `count` events of the subject matching `where`; answers them. */
  async waitFor<S extends Subject>(
    subject: S,
    where: (data: EventPayloads[S]) => boolean = () => true,
    count = 1,
    timeoutMs = 15_000,
  ): Promise<EventEnvelope<S>[]> {
    return eventually(
      async () => {
        const events = await this.of(subject, where);
        return events.length >= count ? events : undefined;
      },
      timeoutMs,
      `${count} ${subject} event(s)`,
    );
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}

/** The events of one subject about one thing (its data's `id`). */
export function eventsAbout<S extends Subject>(events: EventEnvelope[], subject: S, id: string): EventEnvelope<S>[] {
  return events.filter((event): event is EventEnvelope<S> => event.subject === subject && (event.data as { id?: string }).id === id);
}
