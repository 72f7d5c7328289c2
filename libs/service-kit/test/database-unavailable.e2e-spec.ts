import { DataSource } from 'typeorm';
import { freePort, TEST_DATABASE_URL } from '@shop/testing';
import { isDatabaseUnavailable } from '../src/errors.js';

/** The errors TypeORM and node-postgres really raise: a database out of reach answers 503, a wrong query stays a 500. */
describe('isDatabaseUnavailable', () => {
  const sources: DataSource[] = [];
  const source = async (url: string) => {
    const created = new DataSource({ type: 'postgres', url, poolSize: 2, connectTimeoutMS: 2_000 });
    sources.push(created);
    return created;
  };

  afterAll(async () => {
    await Promise.all(sources.filter((one) => one.isInitialized).map((one) => one.destroy()));
  });

  it('is true when nothing answers where the database should be', async () => {
    const closed = await source(`postgres://postgres@127.0.0.1:${await freePort()}/postgres`);
    const error = await closed.initialize().catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is true when the server ends the connection under a query (a restart, a failover)", async () => {
    const victim = await (await source(TEST_DATABASE_URL)).initialize();
    const killer = await (await source(TEST_DATABASE_URL)).initialize();
    const runner = victim.createQueryRunner();
    await runner.connect();
    const [{ pid }] = (await runner.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
    const running = runner.query('SELECT pg_sleep(5)').catch((caught: unknown) => caught);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await killer.query('SELECT pg_terminate_backend($1)', [pid]);
    const error = await running;
    await runner.release().catch(() => undefined);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is false for a query that fails on its own merits, and for other errors', async () => {
    const db = await (await source(TEST_DATABASE_URL)).initialize();
    const errors = await Promise.all([
      db.query('SELEC 1').catch((caught: unknown) => caught),
      db.query('SELECT 1/0').catch((caught: unknown) => caught),
      db.query('SELECT $1::uuid', ['not-a-uuid']).catch((caught: unknown) => caught),
    ]);
    for (const error of [...errors, new Error('something else'), new TypeError('x is undefined'), undefined, 'text']) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
