import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServerConfigOf, type NatsService } from '@shop/contracts';
import { testPrefix, TestNatsServer } from '@shop/testing';
import { ensureStream, streamNameOf, wireSubjectOf } from '../src/index.js';

/** Events can't be forged (issue 9, item 4): on a NATS with one user per service, each publishes only its own subjects. */
describe('NATS users and permissions of the services', () => {
  const prefix = testPrefix();
  const passwords: Record<NatsService, string> = { users: 'users-pass-1', catalog: 'catalog-pass-1', orders: 'orders-pass-1' };
  let server: TestNatsServer;
  const open: NatsConnection[] = [];

  const signIn = async (user?: string, pass?: string) => {
    const nc = await connect({ servers: server.url, user, pass, maxReconnectAttempts: 0 });
    open.push(nc);
    return nc;
  };
  const as = (service: NatsService) => signIn(service, passwords[service]);
  /** Publishes an event as `service` would through JetStream: answers the stream sequence, or the refusal. */
  const publish = async (service: NatsService, subject: string) => {
    const js = jetstream(await as(service), { timeout: 2_000 });
    return js.publish(wireSubjectOf(prefix, subject), JSON.stringify({ forged: true })).then(
      (ack) => `stored as ${ack.seq}`,
      (error: Error) => `refused: ${error.message}`,
    );
  };

  beforeAll(async () => {
    server = await TestNatsServer.start({ config: (port, storeDir) => natsServerConfigOf({ host: '127.0.0.1', port, storeDir, prefix, passwords }) });
    // A service sets the stream up itself at start; catalog may.
    await ensureStream(await jetstreamManager(await as('catalog')), prefix);
  });

  afterAll(async () => {
    await Promise.all(open.map((nc) => nc.close()));
    await server?.dispose();
  });

  it('refuses a client without credentials or with a wrong password', async () => {
    await expect(signIn()).rejects.toThrow(/Authorization Violation/i);
    await expect(signIn('catalog', 'not-the-password')).rejects.toThrow(/Authorization Violation/i);
  });

  it.each([
    ['catalog', 'product.updated', true],
    ['catalog', 'stock.reserved', true],
    ['users', 'user.deleted', true],
    ['orders', 'order.placed', true],
    ['orders', 'product.updated', false],
    ['users', 'product.updated', false],
    ['catalog', 'order.placed', false],
    ['catalog', 'user.updated', false],
    ['users', 'stock.reserved', false],
    ['orders', 'user.created', false],
    // Only the subjects the shop describes (events.ts), not any subject under the owner's word.
    ['catalog', 'product.discontinued', false],
    ['orders', 'order.returned', false],
    ['orders', 'order.refunded', true],
    ['catalog', 'order.refunded', false],
  ] as const)('%s publishing %s: allowed %s', async (service, subject, allowed) => {
    const outcome = await publish(service, subject);
    if (allowed) expect(outcome).toMatch(/^stored as \d+$/);
    else expect(outcome).toMatch(/^refused: /);
  });

  it("keeps every service off another instance's stream", async () => {
    const jsm = await jetstreamManager(await as('orders'));
    await expect(jsm.streams.info(streamNameOf(`${prefix}other`))).rejects.toThrow();
    await expect(jsm.streams.delete(streamNameOf(prefix))).rejects.toThrow();
  });
});
