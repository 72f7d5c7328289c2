import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource, IsNull, LessThan, type EntityManager } from 'typeorm';
import type { EventPayloads, Subject } from '@shop/contracts';
import { OutboxEvent } from './entities.js';
import { NatsLink } from './nats-link.js';
import { EVENT_BUS_OPTIONS, wireSubjectOf, type EventBusOptions } from './options.js';

/** Records an event in the transaction at hand. */
export type Emit = <S extends Subject>(subject: S, data: EventPayloads[S]) => Promise<void>;

const BATCH = 100;
const KEEP_PUBLISHED_MS = 24 * 3600 * 1000;

/**
 * Publishes what the outbox holds, oldest first, each event with its id as
 * JetStream's message id (so a re-send after a crash is dropped as a duplicate
 * within the stream's window, and consumers skip what they handled anyway).
 * It runs after every transaction that emitted, and on a timer, so events
 * written while NATS was down go out once it is back.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OutboxRelay');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private lastCleanup = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly nats: NatsLink,
    @Inject(EVENT_BUS_OPTIONS) private readonly options: EventBusOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.options.relayIntervalMs ?? 500);
    this.timer.unref();
    this.kick();
  }

  /** Starts a pass now, or right after the one under way. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn(`outbox publish paused: ${String(error)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when every event committed so far has been published (for tests and shutdown). */
  async flush(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    const repo = this.dataSource.getRepository(OutboxEvent);
    while ((await repo.countBy({ publishedAt: IsNull() })) > 0) {
      if (Date.now() > until) throw new Error('outbox not drained in time');
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async drain(): Promise<void> {
    if (!this.nats.isConnected()) return;
    const { js } = await this.nats.ready();
    const repo = this.dataSource.getRepository(OutboxEvent);
    for (;;) {
      const pending = await repo.find({
        where: { publishedAt: IsNull() },
        order: { createdAt: 'ASC', id: 'ASC' },
        take: BATCH,
      });
      for (const event of pending) {
        if (this.stopped) return;
        const envelope = {
          id: event.id,
          subject: event.subject,
          occurredAt: event.createdAt.toISOString(),
          data: event.payload,
        };
        await js.publish(wireSubjectOf(this.options.prefix, event.subject), JSON.stringify(envelope), {
          msgID: event.id,
          timeout: 5_000,
        });
        await repo.update({ id: event.id }, { publishedAt: new Date() });
      }
      if (pending.length < BATCH) break;
    }
    if (Date.now() - this.lastCleanup > 3600 * 1000) {
      this.lastCleanup = Date.now();
      await repo.delete({ publishedAt: LessThan(new Date(Date.now() - KEEP_PUBLISHED_MS)) });
    }
  }

  /** Stops before the database and NATS connections close (they close on application shutdown). */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}

/**
 * Where a service records the events of a change: in the same transaction as
 * the change, so an event exists if and only if the change was committed.
 */
@Injectable()
export class Outbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
  ) {}

  /** Records an event in the given transaction's manager. */
  async add<S extends Subject>(manager: EntityManager, subject: S, data: EventPayloads[S]): Promise<void> {
    await manager.insert(OutboxEvent, { id: randomUUID(), subject, payload: data });
  }

  /**
   * Runs `work` in one transaction with an `emit` that records events in it;
   * once the transaction has committed, the relay publishes them.
   */
  async transaction<T>(work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction((manager) =>
      work(manager, (subject, data) => this.add(manager, subject, data)),
    );
    this.relay.kick();
    return result;
  }
}

