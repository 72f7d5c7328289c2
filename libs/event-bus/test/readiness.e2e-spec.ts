import { Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import request from 'supertest';
import { HealthModule, loadConfig, serviceSettings } from '@shop/service-kit';
import { databaseModule } from '@shop/service-kit/database';
import { deleteStream, dropDatabases, eventually, testPrefix, TEST_DATABASE_URL, TEST_NATS_URL } from '@shop/testing';
import { EventBusModule, eventBusEntities, eventBusMigrations, EventHandler, streamNameOf, type HandlesEvent } from '../src/index.js';

@EventHandler({ consumer: 'users', subject: 'user.created' })
class SomeConsumer implements HandlesEvent<'user.created'> {
  async handle(): Promise<void> {}
}

/** /ready tells the truth about the event stream and the consumers (issue 9, item 4). */
describe('event bus readiness', () => {
  const prefix = testPrefix();
  const blocker = `BLOCK_${prefix}`.toUpperCase();
  let nc: NatsConnection;
  let app: INestApplication;

  beforeAll(async () => {
    nc = await connect({ servers: TEST_NATS_URL });
    // A stream that already holds the instance's subjects: JetStream refuses to make the instance's own.
    await (await jetstreamManager(nc)).streams.add({ name: blocker, subjects: [`${prefix}.>`] });
    const config = loadConfig(serviceSettings, { INSTANCE_PREFIX: prefix, DATABASE_URL: TEST_DATABASE_URL });

    @Module({
      imports: [
        HealthModule.forRoot('bus'),
        databaseModule({ service: 'bus', config, entities: eventBusEntities, migrations: eventBusMigrations }),
        EventBusModule.forRoot({ service: 'bus', prefix, natsUrl: TEST_NATS_URL }),
      ],
      providers: [SomeConsumer],
    })
    class ReadinessTestModule {}

    const moduleRef = await Test.createTestingModule({ imports: [ReadinessTestModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await (await jetstreamManager(nc)).streams.delete(blocker).catch(() => undefined);
    await nc?.close();
    await deleteStream(prefix);
    await dropDatabases(prefix);
  });

  it('is not ready, and says why, while the stream cannot be made; ready once it can, with its consumers, and reserves no storage', async () => {
    const refused = await eventually(async () => {
      const res = await request(app.getHttpServer()).get('/ready');
      return res.status === 503 && /event stream cannot be created/.test(res.body.message) ? res.body : undefined;
    }, 10_000, '/ready to name the stream problem');
    expect(refused).toMatchObject({ status: 'down', checks: { database: 'ok', nats: 'down', consumers: 'down' } });
    expect(refused.message).toMatch(/^bus is not ready \(consumers: consumers not set up yet: .*_bus_users; nats: the event stream cannot be created: .*subjects overlap.*\)$/);

    await (await jetstreamManager(nc)).streams.delete(blocker);
    await eventually(async () => ((await request(app.getHttpServer()).get('/ready')).status === 200 ? true : undefined), 20_000, '/ready once the stream can be made');

    const info = await (await jetstreamManager(nc)).streams.info(streamNameOf(prefix));
    expect(info.config.max_bytes).toBe(-1);
  }, 40_000);
});
