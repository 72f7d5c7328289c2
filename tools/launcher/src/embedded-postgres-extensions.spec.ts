import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_POSTGRES_EXTENSIONS } from './embedded-postgres-extensions.js';

describe('the embedded PostgreSQL extensions', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: EMBEDDED_POSTGRES_EXTENSIONS });
  });

  afterAll(async () => {
    await db?.close();
  });

  it("serve the catalog's search: pg_trgm's nearest words and a weighted, stemmed full-text vector", async () => {
    await db.exec(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.exec(`
      CREATE TABLE word (word text PRIMARY KEY);
      CREATE INDEX word_trigrams ON word USING gist (word gist_trgm_ops);
      INSERT INTO word VALUES ('iphone'), ('camera'), ('canon'), ('console');
      CREATE TABLE product (name text, search_vector tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A')) STORED);
      INSERT INTO product (name) VALUES ('Canon EOS R50 Mirrorless Camera');`);
    const nearest = await db.query<{ word: string }>(`SELECT word FROM word ORDER BY word <-> 'iphnoe' LIMIT 1`);
    expect(nearest.rows).toEqual([{ word: 'iphone' }]);
    const found = await db.query<{ name: string }>(`SELECT name FROM product WHERE search_vector @@ to_tsquery('english', 'cameras:*')`);
    expect(found.rows).toEqual([{ name: 'Canon EOS R50 Mirrorless Camera' }]);
  });
});
