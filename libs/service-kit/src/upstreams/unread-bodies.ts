import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { DRAIN_CEILING } from '../body-limits.js';
import { hasBody } from './forwarded-headers.js';

/**
 * How long the gateway goes on reading what a client still sends of a body after an answer that
 * closes its connection (nginx's `lingering_time`, the same 30 s).
 */
export const LINGER_MS = 30_000;

/**
 * Does the client's connection close after an answer given now? Only when its body has not been read
 * whole and is too large to read to its end: announced over 1 MB (the services' own bound, service-kit's
 * DRAIN_CEILING), or chunked (of unknown length). Such an answer says `Connection: close`.
 *
 * Answers come before the body's end when a service answers a body it will not read (413 over its
 * limit, 401 to an upload without a token), a service fails (503), or the rate limit refuses (429). A
 * smaller body is read to its end and thrown away, and the connection serves the client's next request.
 */
export function closesAfterAnswer(req: IncomingMessage): boolean {
  if (!hasBody(req) || req.complete) return false;
  return req.headers['transfer-encoding'] !== undefined || !(Number(req.headers['content-length']) <= DRAIN_CEILING);
}

/** The head of an answer given now: `headers`, with `Connection: close` when the connection closes after it. */
export function answerHeadFor(req: IncomingMessage, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return closesAfterAnswer(req) ? { ...headers, connection: 'close' } : headers;
}

/**
 * Ends an answer whose bytes are all written (`end` ends the response, or the stream writing into it),
 * and has what is left of the client's body read and thrown away. When the answer closes the connection
 * (its head said so: answerHeadFor; that holds still while the body is not read whole) and the client is
 * still sending, the answer is ended, and the connection closed, only once the body has been read to its
 * end, the client has gone or stopped sending, or LINGER_MS have passed: Node closes the connection when
 * the answer ends, and closing under a client still sending resets the connection, which can wipe out
 * the answer before the client reads it (RFC 9112, 9.6: a server closes in stages). The answer is whole
 * on the wire meanwhile (its length is known, or only its last chunk follows at the end).
 */
export function endAnswer(req: IncomingMessage, res: ServerResponse, end: () => void): void {
  if (!req.complete) {
    // Whatever the body was flowing into (the service's request, which undici has left unread when it
    // failed) takes no more of it.
    req.unpipe();
    req.resume();
  }
  const { socket } = req;
  if (!closesAfterAnswer(req) || req.destroyed || socket.readableEnded) return end();
  let ended = false;
  const once = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    req.off('end', once).off('close', once);
    socket.off('end', once);
    res.off('close', once);
    if (!res.destroyed) end();
  };
  const timer = setTimeout(once, LINGER_MS);
  timer.unref();
  // The body read to its end, the client gone, or done sending (it closed its side with the body unfinished).
  req.once('end', once).once('close', once);
  socket.once('end', once);
  res.once('close', once);
}
