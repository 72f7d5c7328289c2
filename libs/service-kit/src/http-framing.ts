import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '@shop/contracts';

/** Connections whose framing was refused: nothing more is read from them or answered on them. */
const refusedConnections = new WeakSet<Duplex>();

/** Was a request of this connection refused for its framing (so whatever follows on it is not a request)? */
export function isRefusedConnection(socket: Duplex | null | undefined): boolean {
  return socket != null && refusedConnections.has(socket);
}

/** Headers that frame a message or name its target: never hop-by-hop, whatever `Connection` says. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'host']);

/**
 * What makes a request's framing ambiguous, in the cases Node's HTTP parser lets through (it already
 * refuses Content-Length with Transfer-Encoding, duplicate or malformed lengths, obs-fold, bare CR or
 * LF, unknown codings before `chunked`, oversized chunk sizes): undefined when there is nothing.
 *
 * - Two `Host` headers (RFC 9112, 3.2: 400): two parties in a chain could each pick another one.
 * - `Transfer-Encoding` in an HTTP/1.0 request (RFC 9112, 6.1: the framing is faulty).
 * - A transfer coding other than `chunked` alone (`gzip, chunked`): the body would reach the service
 *   still encoded, with nothing saying so.
 * - `Connection` naming Content-Length, Transfer-Encoding or Host: a proxy that honours it drops the
 *   framing of a body it still forwards (the smuggling of issue 21).
 * - A target other than a path (absolute-form, authority-form, `*`): the shop is no forward proxy,
 *   and the host named there would disagree with `Host`.
 */
export function framingProblemOf(req: IncomingMessage): string | undefined {
  const raw = req.rawHeaders;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') hosts++;
  if (hosts > 1) return 'Request has more than one Host header';
  const coding = req.headers['transfer-encoding'];
  if (coding !== undefined) {
    if (req.httpVersionMinor === 0 && req.httpVersionMajor === 1) return 'Transfer-Encoding is not allowed in an HTTP/1.0 request';
    if (coding.trim().toLowerCase() !== 'chunked') return 'Transfer-Encoding other than chunked is not supported';
  }
  if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) return 'Request has no Host header';
  const connection = req.headers.connection;
  if (connection !== undefined && connection.length > 5) {
    for (const name of connection.toLowerCase().split(',')) {
      if (FRAMING_HEADERS.has(name.trim())) return 'Connection must not name Content-Length, Transfer-Encoding or Host';
    }
  }
  if (req.url === undefined || req.url.charCodeAt(0) !== 0x2f /* '/' */) return 'Request target must be a path';
  return undefined;
}

/**
 * Answers a request whose framing is ambiguous: 400 with the problem, and the connection closed
 * afterwards (what follows on it cannot be trusted to start a request: requests pipelined after it
 * are dropped unanswered, see isRefusedConnection). `headers`: those every answer carries besides.
 */
export function refuseFraming(res: ServerResponse, problem: string, headers: Record<string, string | number | string[]> = {}): void {
  if (res.socket) refusedConnections.add(res.socket);
  const json = JSON.stringify({ message: problem } satisfies ErrorBody);
  res.shouldKeepAlive = false;
  res.writeHead(400, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), connection: 'close' });
  res.end(json);
  res.once('finish', () => res.socket?.destroySoon());
}

/** express middleware of every service: ambiguous framing is 400 and the connection closed, before any route. */
export function refuseAmbiguousFraming(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (isRefusedConnection(req.socket)) return void req.resume();
  const problem = framingProblemOf(req);
  if (problem === undefined) return next();
  req.resume();
  refuseFraming(res, problem);
}
