import { createHash } from 'node:crypto';

/** What node-postgres takes for a named statement; its text when read as a string (logs, a test's spy). */
interface NamedStatement {
  name: string;
  text: string;
  toString(): string;
}

const statements = new Map<string, NamedStatement>();

/**
 * The statement `text` as one PostgreSQL parses and plans once per connection instead of at every run, for
 * `manager.query(prepared(text), params)` or `dataSource.query(…)`: TypeORM hands it to node-postgres as is,
 * which prepares it under a name made from the text the first time a connection runs it. On the order
 * pipeline's hot statements this is what PostgreSQL spent most on (the same SQL in pgbench: 798-1,052
 * orders/s unprepared against 1,374-1,480 prepared; docs/order-pipeline.md, "Prepared statements").
 *
 * Only for a text that is the same at every call: one built with a varying number of placeholders or
 * values in it would leave a statement per variant on every connection of the pool. A connection pooler
 * in front of PostgreSQL must keep sessions (PgBouncer's session mode, or its prepared-statement support).
 */
export function prepared(text: string): string {
  let statement = statements.get(text);
  if (!statement) {
    statement = { name: `shop_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text, toString: () => text };
    statements.set(text, statement);
  }
  return statement as unknown as string;
}
