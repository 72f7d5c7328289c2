import { createHash } from 'node:crypto';

/** What node-postgres takes for a named statement; its text when read as a string (logs, a test's spy). */
interface NamedStatement {
  name: string;
  text: string;
  toString(): string;
}

const statements = new Map<string, NamedStatement>();
/** Off: `prepared` answers the text itself (DATABASE_PREPARED_STATEMENTS=false). */
let preparing = true;

/**
 * Whether `prepared` prepares: set from DATABASE_PREPARED_STATEMENTS when the service connects to its
 * database. Off where connections share one session (npm start's embedded PGlite serves every connection
 * of a pool in one: a statement one connection prepared is "already" there for the next), or behind a
 * pooler in transaction mode.
 */
export function usePreparedStatements(on: boolean): void {
  preparing = on;
}

/**
 * The statement `text` as one PostgreSQL parses and plans once per connection instead of at every run, for
 * `manager.query(prepared(text), params)` or `dataSource.query(…)`: TypeORM hands it to node-postgres as is,
 * which prepares it under a name made from the text the first time a connection runs it. On the order
 * pipeline's hot statements this is what PostgreSQL spent most on (the same SQL in pgbench: 798-1,052
 * orders/s unprepared against 1,374-1,480 prepared; docs/order-pipeline.md, "Prepared statements").
 *
 * Only for a text that is the same at every call: one built with a varying number of placeholders or
 * values in it would leave a statement per variant on every connection of the pool. Call it where the
 * statement runs (not once at import), so that DATABASE_PREPARED_STATEMENTS=false turns it off.
 */
export function prepared(text: string): string {
  if (!preparing) return text;
  let statement = statements.get(text);
  if (!statement) {
    statement = { name: `shop_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text, toString: () => text };
    statements.set(text, statement);
  }
  return statement as unknown as string;
}
