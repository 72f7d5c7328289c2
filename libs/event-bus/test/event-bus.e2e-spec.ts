import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Column, DataSource, Entity, PrimaryColumn, type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { currentRequestId, HealthModule, loadConfig, serviceSettings, withRequestId } from '@shop/service-kit';
import { databaseModule } from '@shop/service-kit/database';
import { dropDatabases, eventually, testPrefix, TestNatsServer, TEST_DATABASE_URL } from '@shop/testing';
import {
  EventBusModule,
  eventBusEntities,
  eventBusMigrations,
  EventHandler,
  NatsLink,
  Outbox,
  OutboxEvent,
  OutboxRelay,
  streamNameOf,
  wireSubjectOf,
  type HandlesEvent,
  type HandlesEventBatch,
} from '../src/index.js';

@Entity('tally')
class Tally {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  name: string;
}

class TallyTable1763800000001 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE tally (id uuid PRIMARY KEY, name text NOT NULL)`);
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tally`);
  }
}

/** How often the handler ran, how many more times it should fail before succeeding, and the request each user was handled under. */
const handlerRuns = { calls: 0, failuresLeft: 0, requestOf: new Map<string, string | undefined>() };

@EventHandler({ consumer: 'tally', subject: Subjects.UserCreated })
class TallyUserCreated implements HandlesEvent<'user.created'> {
  async handle(event: EventEnvelope<'user.created'>, manager: EntityManager): Promise<void> {
    handlerRuns.calls += 1;
    handlerRuns.requestOf.set(event.data.id, currentRequestId());
    await manager.insert(Tally, { id: event.data.id, name: event.data.name });
    if (handlerRuns.failuresLeft > 0) {
      handlerRuns.failuresLeft -= 1;
      throw new Error('handler failed on purpose');
    }
  }
}

/** What the batch consumer saw: product ids in the order handled, the size of each batch call, and poison to fail on. */
const productRuns = { seen: [] as string[], batchSizes: [] as number[], poison: new Set<string>(), poisonFailures: 0 };

@EventHandler({ consumer: 'products', subject: Subjects.ProductUpdated })
class ProductUpdatedBatch implements HandlesEventBatch<'product.updated'> {
  async handleBatch(events: EventEnvelope<'product.updated'>[], manager: EntityManager): Promise<void> {
    productRuns.batchSizes.push(events.length);
    for (const event of events) {
      if (productRuns.poison.has(event.data.id)) {
        productRuns.poisonFailures += 1;
        productRuns.poison.delete(event.data.id);
        throw new Error('poison event');
      }
    }
    await manager.query(`INSERT INTO tally (id, name) SELECT unnest($1::uuid[]), 'product'`, [events.map((event) => event.data.id)]);
    productRuns.seen.push(...events.map((event) => event.data.id));
  }
}

@EventHandler({ consumer: 'products', subject: Subjects.ProductDeleted })
class ProductDeletedOne implements HandlesEvent<'product.deleted'> {
  async handle(event: EventEnvelope<'product.deleted'>, manager: EntityManager): Promise<void> {
    await manager.query(`INSERT INTO tally (id, name) VALUES ($1, 'deleted')`, [event.data.id]);
    productRuns.seen.push(event.data.id);
  }
}

/** What the lingering consumer saw: each batch's order ids and when it was handled (performance.now()). */
const lingerRuns = { batches: [] as { ids: string[]; at: number }[] };
const LINGER_MS = 1_500;

@EventHandler({ consumer: 'lingering', subject: Subjects.OrderPaid, lingerMs: LINGER_MS })
class OrderPaidLingering implements HandlesEventBatch<'order.paid'> {
  async handleBatch(events: EventEnvelope<'order.paid'>[]): Promise<void> {
    lingerRuns.batches.push({ ids: events.map((event) => event.data.orderId), at: performance.now() });
    await Promise.resolve();
  }
}

const productEvent = (id: string) => ({ subject: Subjects.ProductUpdated, data: { id, name: 'Lamp', image: '/x.png', priceCents: 100, countInStock: 1 } }) as const;

describe('event bus', () => {
  const prefix = testPrefix();
  let nats: TestNatsServer;
  let app: INestApplication;
  let outbox: Outbox;
  let relay: OutboxRelay;
  let dataSource: DataSource;

  async function streamMessagesFor(subject: string): Promise<number> {
    const nc = await connect({ servers: nats.url });
    try {
      const jsm = await jetstreamManager(nc);
      const info = await jsm.streams.info(streamNameOf(prefix), { subjects_filter: wireSubjectOf(prefix, subject) });
      return info.state.subjects?.[wireSubjectOf(prefix, subject)] ?? 0;
    } finally {
      await nc.close();
    }
  }

  async function publishRaw(envelope: EventEnvelope, msgID: string): Promise<void> {
    const nc = await connect({ servers: nats.url });
    try {
      const { jetstream } = await import('@nats-io/jetstream');
      await jetstream(nc).publish(wireSubjectOf(prefix, envelope.subject), JSON.stringify(envelope), { msgID });
    } finally {
      await nc.close();
    }
  }

  beforeAll(async () => {
    nats = await TestNatsServer.start();
    const config = loadConfig(serviceSettings, { INSTANCE_PREFIX: prefix, DATABASE_URL: TEST_DATABASE_URL });

    @Module({
      imports: [
        HealthModule.forRoot('bus'),
        databaseModule({
          service: 'bus',
          config,
          entities: [...eventBusEntities, Tally],
          migrations: [...eventBusMigrations, TallyTable1763800000001],
        }),
        EventBusModule.forRoot({ service: 'bus', prefix, natsUrl: nats.url, relayIntervalMs: 100 }),
      ],
      providers: [TallyUserCreated, ProductUpdatedBatch, ProductDeletedOne, OrderPaidLingering],
    })
    class BusTestModule {}

    const moduleRef = await Test.createTestingModule({ imports: [BusTestModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    outbox = app.get(Outbox);
    relay = app.get(OutboxRelay);
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await nats?.dispose();
    await dropDatabases(prefix);
  });

  it('publishes an event committed while NATS is unreachable once NATS is back, exactly once', async () => {
    await app.get(NatsLink).ready();
    expect(await streamMessagesFor('user.updated')).toBe(0);
    await nats.stop();

    const id = crypto.randomUUID();
    await outbox.transaction((_manager, emit) => emit(Subjects.UserUpdated, { id, name: 'Ada', email: 'ada@example.com', isAdmin: false, sessionVersion: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const waiting: { id: string; subject: string; payload: unknown }[] = await dataSource.query(`SELECT id, subject, payload FROM outbox_event`);
    expect(waiting).toHaveLength(1);

    await nats.restart();
    await relay.flush(15_000);
    expect(await streamMessagesFor('user.updated')).toBe(1);

    // A relay that dies after publishing but before deleting the row sends it again: JetStream drops the copy.
    const [row] = waiting;
    await dataSource.query(`INSERT INTO outbox_event (id, subject, payload) VALUES ($1, $2, $3)`, [row.id, row.subject, JSON.stringify(row.payload)]);
    await relay.flush(15_000);
    expect(await streamMessagesFor('user.updated')).toBe(1);
  });

  it('does not record an event when its transaction rolls back', async () => {
    const before = await dataSource.getRepository(OutboxEvent).count();
    await expect(
      outbox.transaction(async (_manager, emit) => {
        await emit(Subjects.UserDeleted, { id: crypto.randomUUID() });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await dataSource.getRepository(OutboxEvent).count()).toBe(before);
  });

  it('runs what afterCommit noted once the transaction committed, in order, and never for one rolled back', async () => {
    const ran: string[] = [];
    const result = await relay.transaction(async (manager) => {
      relay.afterCommit(manager, () => ran.push('first'));
      relay.afterCommit(manager, () => {
        throw new Error('a failing callback is logged, the others still run');
      });
      relay.afterCommit(manager, () => ran.push('second'));
      expect(ran).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(ran).toEqual(['first', 'second']);

    await expect(
      relay.transaction(async (manager) => {
        relay.afterCommit(manager, () => ran.push('rolled back'));
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(ran).toEqual(['first', 'second']);
  });

  it('records the events of a one-statement change with it, and none when the statement fails', async () => {
    const id = crypto.randomUUID();
    const before = await dataSource.getRepository(OutboxEvent).count();
    const insertTally = (recordEvents: string) => `WITH ${recordEvents} INSERT INTO tally (id, name) VALUES ($1, $2)`;
    await expect(outbox.statement([productEvent(id)], insertTally, ['not-a-uuid', 'broken'])).rejects.toThrow();
    expect(await dataSource.getRepository(OutboxEvent).count()).toBe(before);

    await outbox.statement([productEvent(id)], insertTally, [crypto.randomUUID(), 'statement']);
    await eventually(async () => (productRuns.seen.includes(id) ? true : undefined), 10_000, 'the event to be handled');
    expect(await dataSource.getRepository(Tally).countBy({ name: 'statement' })).toBe(1);
  });

  it("carries the recording request's id in the event, and handles the event under it", async () => {
    const requestId = `req-${crypto.randomUUID()}`;
    const [inRequest, outside] = [crypto.randomUUID(), crypto.randomUUID()];
    const user = (id: string) => ({ id, name: 'Ada', email: 'ada@example.com', isAdmin: false, sessionVersion: 1 });

    await withRequestId(requestId, () => outbox.transaction((_manager, emit) => emit(Subjects.UserCreated, user(inRequest))));
    await outbox.transaction((_manager, emit) => emit(Subjects.UserCreated, user(outside)));

    await eventually(async () => (handlerRuns.requestOf.has(outside) ? true : undefined), 10_000, 'both events to be handled');
    expect(handlerRuns.requestOf.get(inRequest)).toBe(requestId);
    expect(handlerRuns.requestOf.get(outside)).toBeUndefined();
  });

  it('handles a redelivered event only once', async () => {
    handlerRuns.calls = 0;
    const envelope: EventEnvelope<'user.created'> = {
      id: crypto.randomUUID(),
      subject: 'user.created',
      occurredAt: new Date().toISOString(),
      data: { id: crypto.randomUUID(), name: 'Grace', email: 'grace@example.com', isAdmin: false, sessionVersion: 1 },
    };
    // Two copies with different message ids get past JetStream's deduplication, as a redelivery would.
    await publishRaw(envelope, `${envelope.id}-a`);
    await publishRaw(envelope, `${envelope.id}-b`);
    await eventually(async () => ((await dataSource.getRepository(Tally).countBy({ id: envelope.data.id })) === 1 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await dataSource.getRepository(Tally).countBy({ id: envelope.data.id })).toBe(1);
    expect(handlerRuns.calls).toBe(1);
  });

  it('retries a failing handler instead of acking it, and its partial work is rolled back', async () => {
    handlerRuns.calls = 0;
    handlerRuns.failuresLeft = 2;
    const userId = crypto.randomUUID();
    await outbox.transaction((_manager, emit) => emit(Subjects.UserCreated, { id: userId, name: 'Linus', email: 'linus@example.com', isAdmin: false, sessionVersion: 1 }));
    await eventually(
      async () => ((await dataSource.getRepository(Tally).countBy({ id: userId })) === 1 ? true : undefined),
      15_000,
      'the handler to succeed',
    );
    expect(handlerRuns.calls).toBe(3);
  });

  it('handles a burst of events in batches, each once, in the order they were recorded', async () => {
    productRuns.seen = [];
    productRuns.batchSizes = [];
    const ids = Array.from({ length: 400 }, () => crypto.randomUUID());
    // A deletion every 50 events: runs of updates go to the batch handler between them, in order.
    const events = ids.map((id, n) => (n % 50 === 49 ? ({ subject: Subjects.ProductDeleted, data: { id } } as const) : productEvent(id)));
    await outbox.transaction((manager) => outbox.addMany(manager, events));
    await eventually(async () => (productRuns.seen.length >= ids.length ? true : undefined), 20_000, 'every event to be handled');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(productRuns.seen).toEqual(ids);
    expect(await dataSource.getRepository(Tally).countBy({ name: 'deleted' })).toBe(8);
    // Fewer handler calls than events: events that arrive together are handled together.
    expect(productRuns.batchSizes.length).toBeLessThan(ids.length - 8);
  });

  it('holds the first event of a lingering consumer for its window, and handles what arrived meanwhile with it', async () => {
    lingerRuns.batches = [];
    const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
    const started = performance.now();
    // Five events in five transactions, 40 ms apart: each reaches the consumer on its own.
    for (const orderId of ids) {
      await outbox.transaction((_manager, emit) => emit(Subjects.OrderPaid, { orderId, userId: crypto.randomUUID(), totalCents: 100, paidAt: new Date().toISOString() }));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await eventually(async () => (lingerRuns.batches.flatMap((batch) => batch.ids).length >= ids.length ? true : undefined), 10_000, 'every event to be handled');
    expect(lingerRuns.batches.map((batch) => batch.ids)).toEqual([ids]);
    // Not before the window of the first had closed (it reached the consumer after it was emitted).
    expect(lingerRuns.batches[0].at - started).toBeGreaterThanOrEqual(LINGER_MS);
  });

  it('retries a failing event of a batch on its own, and handles the rest of the batch once', async () => {
    productRuns.seen = [];
    productRuns.poisonFailures = 0;
    const ids = Array.from({ length: 60 }, () => crypto.randomUUID());
    productRuns.poison.add(ids[30]);
    await outbox.transaction((manager) => outbox.addMany(manager, ids.map(productEvent)));
    await eventually(async () => (productRuns.seen.length >= ids.length ? true : undefined), 20_000, 'every event to be handled');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(productRuns.poisonFailures).toBe(1);
    expect([...productRuns.seen].sort()).toEqual([...ids].sort());
    const handled = await dataSource.query(`SELECT count(*)::int AS n FROM tally WHERE id = ANY($1::uuid[])`, [ids]);
    expect(handled[0].n).toBe(ids.length);
  });

  it('sets a consumer up again when it goes away, and handles what was published meanwhile', async () => {
    const nc = await connect({ servers: nats.url });
    try {
      const jsm = await jetstreamManager(nc);
      await jsm.consumers.delete(streamNameOf(prefix), `${prefix}_bus_tally`);
    } finally {
      await nc.close();
    }
    const userId = crypto.randomUUID();
    await outbox.transaction((_manager, emit) => emit(Subjects.UserCreated, { id: userId, name: 'Margaret', email: 'margaret@example.com', isAdmin: false, sessionVersion: 1 }));
    await eventually(
      async () => ((await dataSource.getRepository(Tally).countBy({ id: userId })) === 1 ? true : undefined),
      20_000,
      'the consumer to come back and handle the event',
    );
  });
});
