import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search that finds (docs/catalog.md, "Search"): a weighted full-text vector of every product (name A,
 * brand B, category C, description D), kept by PostgreSQL itself as a generated column with a GIN
 * index; and the words of the names, brands and categories in a table of their own with a trigram
 * index, from which a misspelt search word is corrected (pg_trgm's documented way of suggesting
 * spellings: a few thousand words to compare, not every product). A trigger keeps the words as
 * products are inserted or renamed; words of deleted products stay (they only widen a corrected
 * search by a word that finds nothing).
 *
 * pg_trgm is a trusted extension (PostgreSQL 13 and later: the database's owner may create it); the
 * embedded PGlite loads it when the launcher passes it in `extensions`.
 */
export class ProductSearch1768000000000 implements MigrationInterface {
  name = 'ProductSearch1768000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`
      ALTER TABLE product ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, name), 'A') ||
        setweight(to_tsvector('english'::regconfig, brand), 'B') ||
        setweight(to_tsvector('english'::regconfig, category), 'C') ||
        setweight(to_tsvector('english'::regconfig, description), 'D')
      ) STORED`);
    await db.query(`CREATE INDEX product_search ON product USING gin (search_vector)`);
    await db.query(`CREATE TABLE product_search_word (word text PRIMARY KEY)`);
    // GiST, not GIN: the correction asks for the nearest words (ORDER BY word <-> term LIMIT n), which only GiST serves.
    await db.query(`CREATE INDEX product_search_word_trigrams ON product_search_word USING gist (word gist_trgm_ops)`);
    await db.query(`CREATE INDEX product_search_word_prefix ON product_search_word (word text_pattern_ops)`);
    // The words as the 'simple' configuration cuts them (lower-cased, not stemmed): what a shopper types.
    await db.query(`
      CREATE FUNCTION product_search_words_of(name text, brand text, category text) RETURNS SETOF text
      LANGUAGE sql IMMUTABLE AS $$
        SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, name || ' ' || brand || ' ' || category))) AS word
        WHERE length(word) BETWEEN 3 AND 40
      $$`);
    await db.query(`
      CREATE FUNCTION product_search_words_kept() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO product_search_word (word)
          SELECT product_search_words_of(NEW.name, NEW.brand, NEW.category)
          ON CONFLICT (word) DO NOTHING;
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE TRIGGER product_search_words AFTER INSERT OR UPDATE OF name, brand, category ON product
      FOR EACH ROW EXECUTE FUNCTION product_search_words_kept()`);
    await db.query(`
      INSERT INTO product_search_word (word)
        SELECT DISTINCT product_search_words_of(name, brand, category) FROM product
        ON CONFLICT (word) DO NOTHING`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER product_search_words ON product`);
    await db.query(`DROP FUNCTION product_search_words_kept()`);
    await db.query(`DROP FUNCTION product_search_words_of(text, text, text)`);
    await db.query(`DROP TABLE product_search_word`);
    await db.query(`DROP INDEX product_search`);
    await db.query(`ALTER TABLE product DROP COLUMN search_vector`);
  }
}
