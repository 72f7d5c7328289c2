import { DataSource, QueryFailedError } from 'typeorm';
import { dropDatabases, testPrefix, TEST_DATABASE_URL } from '@shop/testing';
import { ensureDatabase, isUniqueViolation, withDatabase } from '../src/database.js';
import { prepared, usePreparedStatements } from '../src/prepared.js';

describe('prepared statements through TypeORM', () => {
  const prefix = testPrefix();
  const database = `${prefix}_prepared`;
  let source: DataSource;

  beforeAll(async () => {
    await ensureDatabase(TEST_DATABASE_URL, database);
    source = new DataSource({ type: 'postgres', url: withDatabase(TEST_DATABASE_URL, database), poolSize: 2 });
    await source.initialize();
    await source.query('CREATE TABLE thing (id int PRIMARY KEY, name text NOT NULL)');
  });

  afterAll(async () => {
    await source?.destroy();
    await dropDatabases(prefix);
  });

  const insert = prepared('INSERT INTO thing (id, name) SELECT * FROM unnest($1::int[], $2::text[]) RETURNING id, name');
  const byIds = prepared('SELECT id, name FROM thing WHERE id = ANY($1::int[]) ORDER BY id');

  it('is the same named statement for the same text, read as its text', () => {
    expect(prepared('SELECT id, name FROM thing WHERE id = ANY($1::int[]) ORDER BY id')).toBe(byIds);
    expect(String(byIds)).toBe('SELECT id, name FROM thing WHERE id = ANY($1::int[]) ORDER BY id');
    expect(/FROM thing/.test(byIds)).toBe(true);
    expect((byIds as unknown as { name: string }).name).toMatch(/^shop_[0-9a-f]{24}$/);
  });

  it('answers as the plain text does, on every connection, in and out of transactions, however often', async () => {
    expect(await source.query(insert, [[1, 2], ['one', 'two']])).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
    const runs = await Promise.all(Array.from({ length: 20 }, (_, n) => source.query(byIds, [[1, 2, n + 100]])));
    for (const rows of runs) expect(rows).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }]);
    const inTransaction = await source.transaction(async (manager) => {
      await manager.query(insert, [[3], ['three']]);
      return manager.query(byIds, [[3]]);
    });
    expect(inTransaction).toEqual([{ id: 3, name: 'three' }]);
    const prepares: { count: number }[] = await source.query(`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE name LIKE 'shop_%'`);
    expect(prepares[0].count).toBeGreaterThan(0);
  });

  it('is the text itself with DATABASE_PREPARED_STATEMENTS=false (connections sharing one session)', async () => {
    usePreparedStatements(false);
    try {
      const text = 'SELECT id, name FROM thing WHERE id = ANY($1::int[]) ORDER BY id';
      expect(prepared(text)).toBe(text);
      expect(await source.query(prepared(text), [[1]])).toEqual([{ id: 1, name: 'one' }]);
    } finally {
      usePreparedStatements(true);
    }
    expect(prepared('SELECT 1')).not.toBe('SELECT 1');
  });

  it('fails as the plain text does: a QueryFailedError with the driver error, and the transaction rolled back', async () => {
    const duplicate = await source.query(insert, [[1], ['again']]).catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(QueryFailedError);
    expect(isUniqueViolation(duplicate, 'thing_pkey')).toBe(true);

    await expect(
      source.transaction(async (manager) => {
        await manager.query(insert, [[4], ['four']]);
        await manager.query(insert, [[1], ['again']]);
      }),
    ).rejects.toBeInstanceOf(QueryFailedError);
    expect(await source.query(byIds, [[4]])).toEqual([]);
    // A wrong parameter is refused by PostgreSQL, and the statement still works afterwards.
    await expect(source.query(byIds, [['not a number']])).rejects.toBeInstanceOf(QueryFailedError);
    expect(await source.query(byIds, [[2]])).toEqual([{ id: 2, name: 'two' }]);
  });
});
