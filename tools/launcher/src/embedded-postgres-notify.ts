import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** PostgreSQL's NotificationResponse ('A'): Int32 length, Int32 pid, channel and payload as C strings. */
const NOTIFICATION = 'A'.charCodeAt(0);
/** Messages from the client that carry statement text: a simple Query and an extended Parse. */
const QUERY = 'Q'.charCodeAt(0);
const PARSE = 'P'.charCodeAt(0);
/** LISTEN / UNLISTEN and their channel: `*`, a quoted name (kept as written) or a bare one (folded to lower case). */
const LISTENING = /\b(UNLISTEN|LISTEN)\s+(\*|"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*))/gi;

/** What this module touches of the pinned @electric-sql/pglite-socket 0.2.17 (see embedded-postgres-queue.ts). */
interface ServerInternals {
  queryQueue?: { enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> };
  handlers?: Set<{ handlerId: number; socket: { writable: boolean; write(data: Uint8Array): boolean } | null }>;
}

/**
 * Delivers NOTIFY to the connections that LISTEN on a PGlite socket server, as PostgreSQL does.
 *
 * PGlite is one PostgreSQL session for every connection. A LISTEN from any connection makes that session
 * listen, and a notification comes back, at commit, in the output of the statement that committed it: to
 * the connection that sent the NOTIFY, never to the one listening (which so heard nothing; orders' outcome
 * listener was deaf under `npm start`'s embedded database, docs/order-pipeline.md). Here every
 * NotificationResponse in one connection's output is also written to each other connection that has
 * LISTENed on its channel, between that connection's own messages (the socket server runs one message at
 * a time, so no other connection's output is half written then).
 *
 * LISTEN and UNLISTEN are recognised in the text of a connection's statements; a word "listen" inside a
 * string literal may register a channel no one notifies, which costs nothing. One connection's UNLISTEN
 * ends the one session's LISTEN for every connection: a listener that must know it still hears should
 * check it does (orders' outcome listener sends itself a probe).
 */
export function shareNotifications(server: PGLiteSocketServer): void {
  const internals = server as unknown as ServerInternals;
  const queue = internals.queryQueue;
  const handlers = internals.handlers;
  if (!queue?.enqueue || !handlers) throw new Error('@electric-sql/pglite-socket changed: no query queue or handlers to share notifications with (see embedded-postgres-notify.ts)');
  const channels = new Map<number, Set<string>>();
  const enqueue = queue.enqueue.bind(queue);
  queue.enqueue = (handlerId, message, onData) => {
    if (message[0] === QUERY || message[0] === PARSE) noteListening(channels, handlerId, message);
    if (channels.size === 0) return enqueue(handlerId, message, onData);
    const scanner = new NotificationScanner();
    return enqueue(handlerId, message, (data) => {
      onData(data);
      for (const notification of scanner.scan(data)) {
        const channel = channelOf(notification);
        for (const handler of handlers) {
          if (handler.handlerId === handlerId || !channels.get(handler.handlerId)?.has(channel)) continue;
          if (handler.socket?.writable) handler.socket.write(notification);
        }
      }
    });
  };
  // A connection that closed listens no more (its handler leaves the server's set).
  server.addEventListener('connection', () => {
    const open = new Set([...handlers].map((handler) => handler.handlerId));
    for (const id of channels.keys()) if (!open.has(id)) channels.delete(id);
  });
}

function noteListening(channels: Map<number, Set<string>>, handlerId: number, message: Uint8Array): void {
  // Query: type, length, text. Parse: type, length, statement name, text.
  const body = Buffer.from(message.buffer, message.byteOffset + 5, message.byteLength - 5);
  const start = message[0] === PARSE ? body.indexOf(0) + 1 : 0;
  const end = body.indexOf(0, start);
  const text = body.toString('utf8', start, end === -1 ? body.length : end);
  if (!/listen/i.test(text)) return;
  for (const [, command, name, quoted, bare] of text.matchAll(LISTENING)) {
    const channel = quoted !== undefined ? quoted.replaceAll('""', '"') : (bare ?? name).toLowerCase();
    let listened = channels.get(handlerId);
    if (command.toUpperCase() === 'LISTEN') {
      if (!listened) channels.set(handlerId, (listened = new Set()));
      listened.add(channel);
    } else if (channel === '*') channels.delete(handlerId);
    else listened?.delete(channel);
  }
}

/** The channel a NotificationResponse names. */
export function channelOf(notification: Buffer): string {
  const start = 9;
  return notification.toString('utf8', start, notification.indexOf(0, start));
}

/**
 * Finds the whole NotificationResponse messages in a stream of backend messages that arrives in chunks of
 * any size: a message may be split anywhere, even inside its length. Other messages are stepped over
 * without being copied.
 */
export class NotificationScanner {
  /** Bytes of a message that is not a notification still to step over. */
  private skipping = 0;
  /** The start of a message whose length, or whose notification, is not whole yet. */
  private partial: Buffer | undefined;
  /** A length no message can have was read: the rest of the stream is not looked at. */
  private lost = false;

  scan(chunk: Uint8Array): Buffer[] {
    if (this.lost) return [];
    let buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let offset = Math.min(this.skipping, buffer.length);
    this.skipping -= offset;
    if (this.partial) {
      buffer = Buffer.concat([this.partial, buffer]);
      this.partial = undefined;
    }
    const found: Buffer[] = [];
    while (offset < buffer.length) {
      const left = buffer.length - offset;
      if (left < 5) {
        this.partial = Buffer.from(buffer.subarray(offset));
        break;
      }
      const length = 1 + buffer.readInt32BE(offset + 1);
      if (length < 5) {
        this.lost = true;
        break;
      }
      if (buffer[offset] === NOTIFICATION) {
        if (left < length) {
          this.partial = Buffer.from(buffer.subarray(offset));
          break;
        }
        found.push(Buffer.from(buffer.subarray(offset, offset + length)));
      } else if (left < length) {
        this.skipping = length - left;
        break;
      }
      offset += length;
    }
    return found;
  }
}
