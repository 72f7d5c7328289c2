import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { dropDatabases, testPrefix, TEST_DATABASE_URL } from '@shop/testing';
import { ensureDatabase, runMigrationsOnce, withDatabase } from '../src/database.js';

/** A migration slow enough that replicas starting together would overlap without a lock. */
class SlowTable1700000000000 implements MigrationInterface {
  name = 'SlowTable1700000000000';
  async up(db: QueryRunner): Promise<void> {
    await db.query('SELECT pg_sleep(0.5)');
    await db.query('CREATE TABLE slow_thing (id int PRIMARY KEY)');
    await db.query('INSERT INTO slow_thing VALUES (1)');
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE slow_thing');
  }
}

class SecondStep1700000000001 implements MigrationInterface {
  name = 'SecondStep1700000000001';
  async up(db: QueryRunner): Promise<void> {
    await db.query('INSERT INTO slow_thing VALUES (2)');
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query('DELETE FROM slow_thing WHERE id = 2');
  }
}

describe('migrations with several replicas', () => {
  const prefix = testPrefix();
  const database = `${prefix}_migrations`;
  const sources: DataSource[] = [];

  afterAll(async () => {
    await Promise.all(sources.map((source) => source.destroy()));
    await dropDatabases(prefix);
  });

  it('runs each migration once when four replicas start together on an empty database', async () => {
    await ensureDatabase(TEST_DATABASE_URL, database);
    const replica = async () => {
      const source = new DataSource({
        type: 'postgres',
        url: withDatabase(TEST_DATABASE_URL, database),
        migrations: [SlowTable1700000000000, SecondStep1700000000001],
        poolSize: 2,
      });
      sources.push(source);
      await source.initialize();
      await runMigrationsOnce(source);
      return source;
    };

    const [first] = await Promise.all([replica(), replica(), replica(), replica()]);

    expect(await first.query('SELECT id FROM slow_thing ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    const applied: { name: string }[] = await first.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((row) => row.name)).toEqual(['SlowTable1700000000000', 'SecondStep1700000000001']);
    // The lock is given back: nothing holds it once they are done.
    const held = await first.query(`SELECT count(*)::int AS n FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    expect(held).toEqual([{ n: 0 }]);
  });
});
