import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { freePort } from '@shop/testing';
import { keepExtendedQueriesWhole } from './embedded-postgres-queue.js';

describe("PGlite's socket server with every connection's extended-protocol exchange kept whole", () => {
  let db: PGlite;
  let server: PGLiteSocketServer;
  let port: number;

  beforeAll(async () => {
    db = await PGlite.create();
    port = await freePort();
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 8 });
    keepExtendedQueriesWhole(server);
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  const connect = async () => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
    return client;
  };

  it('answers every connection its own parameterised queries when four query at once, and a fifth sends simple queries', async () => {
    const clients = await Promise.all([connect(), connect(), connect(), connect()]);
    // The simple query protocol drops the session's unnamed statement: between another connection's Parse
    // and Bind, that was "unnamed prepared statement does not exist".
    const simple = await connect();
    let simpleRunning = true;
    const simpleQueries = (async () => {
      while (simpleRunning) await simple.query('SELECT 1');
    })();
    try {
      const answers = await Promise.all(
        clients.map(async (client, n) => {
          const wrong: string[] = [];
          for (let i = 0; i < 150; i++) {
            // Each connection its own statement, with its own number of parameters: a Bind meeting
            // another connection's Parse would fail or answer another connection's row.
            const parameters = Array.from({ length: n + 1 }, (_, k) => `$${k + 2}::text`).join(' || ');
            const values = Array.from({ length: n + 1 }, () => '.');
            const { rows } = await client.query<{ answer: string }>(`SELECT $1::text || ${parameters} AS answer, ${n} AS client`, [`c${n}-${i}`, ...values]);
            if (rows[0]?.answer !== `c${n}-${i}${'.'.repeat(n + 1)}`) wrong.push(String(rows[0]?.answer));
          }
          return wrong;
        }),
      );
      expect(answers).toEqual([[], [], [], []]);
      simpleRunning = false;
      await simpleQueries;
    } finally {
      simpleRunning = false;
      await simpleQueries.catch(() => undefined);
      await Promise.all([...clients, simple].map((client) => client.end()));
    }
  });

  it("still keeps a transaction's statements to its connection, and rolls back one left open", async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    try {
      await a.query('CREATE TABLE IF NOT EXISTS counter (n int)');
      await a.query('BEGIN');
      await a.query('INSERT INTO counter VALUES ($1)', [1]);
      const outside = b.query<{ count: string }>('SELECT count(*) FROM counter WHERE n = $1', [1]);
      await a.query('ROLLBACK');
      expect((await outside).rows[0]?.count).toBe('0');
      const c = await connect();
      await c.query('BEGIN');
      await c.query('INSERT INTO counter VALUES ($1)', [2]);
      await c.end();
      expect((await b.query<{ count: string }>('SELECT count(*) FROM counter')).rows[0]?.count).toBe('0');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
