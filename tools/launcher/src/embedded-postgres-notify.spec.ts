import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { freePort } from '@shop/testing';
import { channelOf, NotificationScanner, shareNotifications } from './embedded-postgres-notify.js';
import { keepExtendedQueriesWhole } from './embedded-postgres-queue.js';

/** A backend message: type, Int32 length (itself included), body. */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function notification(channel: string, payload: string): Buffer {
  const pid = Buffer.alloc(4);
  pid.writeInt32BE(42);
  return message('A', Buffer.concat([pid, Buffer.from(`${channel}\0${payload}\0`)]));
}

describe('NotificationScanner', () => {
  const stream = Buffer.concat([
    message('1', Buffer.alloc(0)),
    message('D', Buffer.alloc(300, 7)),
    notification('order_settled', '[{"id":"a"}]'),
    message('C', Buffer.from('SELECT 1\0')),
    notification('Quoted "one"', 'x'.repeat(500)),
    message('Z', Buffer.from('I')),
  ]);

  it('finds every notification whole, however the stream is cut, and steps over the other messages', () => {
    const expected = [notification('order_settled', '[{"id":"a"}]'), notification('Quoted "one"', 'x'.repeat(500))];
    for (const size of [1, 2, 3, 4, 5, 6, 7, 13, 64, 301, stream.length]) {
      const scanner = new NotificationScanner();
      const found: Buffer[] = [];
      for (let at = 0; at < stream.length; at += size) found.push(...scanner.scan(stream.subarray(at, at + size)));
      expect(found).toEqual(expected);
    }
  });

  it('names the channel of a notification', () => {
    expect(channelOf(notification('products_changed', '["x"]'))).toBe('products_changed');
  });

  it('stops looking at a stream once it reads a length no message has, instead of looping', () => {
    const scanner = new NotificationScanner();
    const broken = Buffer.from([0x44, 0, 0, 0, 0, 0x41, 0, 0, 0, 9]);
    expect(scanner.scan(broken)).toEqual([]);
    expect(scanner.scan(notification('a', 'b'))).toEqual([]);
  });
});

describe("PGlite's socket server delivering NOTIFY to the connections that LISTEN", () => {
  let db: PGlite;
  let server: PGLiteSocketServer;
  let port: number;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    db = await PGlite.create();
    port = await freePort();
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 8 });
    keepExtendedQueriesWhole(server);
    shareNotifications(server);
    await server.start();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
  });

  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  /** A connection and what it heard, as channel:payload. */
  const connect = async () => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    const heard: string[] = [];
    client.on('notification', (heard1) => heard.push(`${heard1.channel}:${heard1.payload ?? ''}`));
    await client.connect();
    clients.push(client);
    return { client, heard };
  };
  /** Lets the notifications written to the sockets arrive: a round trip on each connection comes after them. */
  const settle = (...connections: { client: pg.Client }[]) => Promise.all(connections.map(({ client }) => client.query('SELECT 1')));

  it('delivers a committed notification to the listening connection once, whatever protocol sent it, and to the sender as PostgreSQL does', async () => {
    const listener = await connect();
    const sender = await connect();
    const bystander = await connect();
    await listener.client.query('LISTEN order_settled; LISTEN "Mixed Case"');
    await sender.client.query(`SELECT pg_notify('order_settled', 'simple')`);
    await sender.client.query(`SELECT pg_notify($1, $2)`, ['order_settled', 'extended']);
    await sender.client.query(`NOTIFY "Mixed Case", 'quoted'`);
    await sender.client.query(`SELECT pg_notify('mixed case', 'not this one')`);
    await settle(listener, sender, bystander);
    expect(listener.heard).toEqual(['order_settled:simple', 'order_settled:extended', 'Mixed Case:quoted']);
    expect(sender.heard).toEqual(['order_settled:simple', 'order_settled:extended', 'Mixed Case:quoted']);
    expect(bystander.heard).toEqual([]);
  });

  // (While a connection is in a transaction, PGlite's one session runs no other connection's statement.)
  it('delivers what a transaction committed, nothing of one rolled back, and a payload of many kilobytes whole', async () => {
    const listener = await connect();
    const sender = await connect();
    await listener.client.query('LISTEN products_changed');
    await sender.client.query('BEGIN');
    await sender.client.query(`SELECT pg_notify('products_changed', 'rolled back')`);
    await sender.client.query('ROLLBACK');
    await sender.client.query('BEGIN');
    await sender.client.query(`SELECT pg_notify('products_changed', $1)`, ['p'.repeat(7_000)]);
    await sender.client.query('COMMIT');
    await settle(listener);
    expect(listener.heard).toEqual([`products_changed:${'p'.repeat(7_000)}`]);
  });

  it('stops delivering after UNLISTEN, and a connection that notifies itself hears it once', async () => {
    const listener = await connect();
    await listener.client.query('LISTEN a_channel; LISTEN b_channel');
    await listener.client.query(`SELECT pg_notify('a_channel', 'own')`);
    await listener.client.query('UNLISTEN a_channel');
    const sender = await connect();
    await sender.client.query(`SELECT pg_notify('a_channel', 'after unlisten'), pg_notify('b_channel', 'still')`);
    await listener.client.query('UNLISTEN *');
    await sender.client.query(`SELECT pg_notify('b_channel', 'after unlisten all')`);
    await settle(listener);
    expect(listener.heard).toEqual(['a_channel:own', 'b_channel:still']);
  });
});
