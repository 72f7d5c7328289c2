import type { Socket } from 'node:net';
import { buildConnector } from 'undici';

/** Write errors that say the service closed or reset the connection: what it sent before is still there to read. */
const CONNECTION_GONE = new Set(['EPIPE', 'ECONNRESET']);

const codeOf = (error: Error): string | undefined => (error as NodeJS.ErrnoException).code;

/**
 * Keeps a connection to a service readable after a write to it fails because the service closed it.
 *
 * A service answers a body it will not take (413 over the route's limit, 401 to an upload without a
 * token) before reading it, and closes its connection with the answer when the body is large
 * (service-kit: announced over 1 MB). The gateway is then still writing the body: the service's kernel
 * resets the connection, and the gateway's next write fails (EPIPE, ECONNRESET) while the answer sits
 * unread in the gateway's receive buffer. Node destroys a socket at its first failed write, and with it
 * that answer: undici then reported the request failed before any answer, and the client got 503
 * (issue 38: 413 most times, 503 the others, as the write or the read came first).
 *
 * Here such a write is reported done, and nothing more is written: the rest of the body has nowhere to
 * go. The socket goes on reading: the answer reaches undici (which then ends the exchange and closes
 * the connection, the body unsent, as for any answer that comes before the body's end), or the read side
 * ends without one (a service that died: undici's "other side closed", a failure as before). Any other
 * write error is reported as it was.
 */
export function readPastWriteFailures(socket: Socket): void {
  let gone = false;
  const reported = (callback: (error?: Error | null) => void) => (error?: Error | null) => {
    if (error && CONNECTION_GONE.has(codeOf(error) ?? '')) {
      gone = true;
      return callback();
    }
    callback(error);
  };
  const write = socket._write.bind(socket);
  socket._write = (chunk, encoding, callback) => (gone ? callback() : write(chunk, encoding, reported(callback)));
  const writev = socket._writev?.bind(socket);
  if (writev) socket._writev = (chunks, callback) => (gone ? callback() : writev(chunks, reported(callback)));
}

/**
 * undici's own connector (what a Pool builds from `connectTimeout`), its connections reading past a
 * failed write (readPastWriteFailures). It returns the socket being connected as undici's does: undici
 * cancels a connection attempt through it.
 */
export function upstreamConnector(connectTimeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ timeout: connectTimeoutMs });
  return (options, callback) =>
    connect(options, (...args) => {
      const [error, socket] = args;
      if (!error) readPastWriteFailures(socket);
      callback(...args);
    });
}
