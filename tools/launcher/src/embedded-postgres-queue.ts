import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * Message types that open an extended-protocol exchange, which lasts until its Sync: Parse, Bind,
 * Describe, Execute, Close and Flush (PostgreSQL's protocol, "Extended Query").
 */
const OPENS_EXCHANGE = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((type) => type.charCodeAt(0)));
/** Sync ends an exchange; a simple Query and Terminate stand alone. */
const ENDS_EXCHANGE = new Set(['S', 'Q', 'X'].map((type) => type.charCodeAt(0)));

/** What the socket server's query queue keeps of its database (pinned @electric-sql/pglite-socket 0.2.17). */
interface QueueInternals {
  db: PGlite;
}

/**
 * Keeps each connection's extended-protocol exchange whole on a PGlite socket server.
 *
 * PGlite is one PostgreSQL session for every connection, and the socket server queues its connections'
 * messages one by one: from a connection inside a transaction it takes only that connection's messages,
 * but otherwise it takes the first in line. The `pg` driver sends a parameterised query as Parse, Bind,
 * Describe, Execute and Sync on its connection, using the session's one unnamed statement. Two connections
 * querying at once could therefore interleave: B's Parse replaced A's unnamed statement before A's Bind,
 * and A got "unnamed prepared statement does not exist" or, worse, ran B's statement.
 *
 * Here the queue sees an open exchange as it sees an open transaction: until that connection's Sync, it
 * takes only that connection's messages. The queue's own rule does the rest (it follows the connection
 * of the last message). A connection that closes mid-exchange is rolled back by the queue as for a
 * transaction, which also ends the exchange.
 */
export function keepExtendedQueriesWhole(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue?: QueueInternals }).queryQueue;
  if (!queue?.db) throw new Error('@electric-sql/pglite-socket changed: its query queue holds no db (see embedded-postgres-queue.ts)');
  const db = queue.db;
  let exchangeOpen = false;
  queue.db = new Proxy(db, {
    get(target, property) {
      if (property === 'isInTransaction') return () => exchangeOpen || target.isInTransaction();
      if (property === 'execProtocolRawStream') {
        return (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = message[0] ?? 0;
          if (OPENS_EXCHANGE.has(type)) exchangeOpen = true;
          else if (ENDS_EXCHANGE.has(type)) exchangeOpen = false;
          return target.execProtocolRawStream(message, options);
        };
      }
      if (property === 'exec') {
        // The queue's rollback of a connection that left: its exchange, if any, ended with it.
        return (query: string, ...rest: unknown[]) => {
          exchangeOpen = false;
          return (target.exec as (query: string, ...rest: unknown[]) => unknown)(query, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
