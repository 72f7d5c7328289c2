import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { REQUEST_ID_HEADER } from '../logging.js';

/**
 * Request headers a service never gets from the client: hop-by-hop ones (they concern the client's
 * connection to the gateway only, and undici frames and manages its own connection to the service:
 * `transfer-encoding` is its to set), `expect` (Node already answered the client's 100-continue), and
 * what the gateway itself says (forwarding headers, request id, trace context).
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  REQUEST_ID_HEADER,
  // The trace context is the gateway's to send: its client span's, set by the tracing of outgoing
  // requests when it is on (a client's copy beside it would make the header two values, which no
  // service could read). A client's trace is continued by the gateway's own span (docs/operations.md).
  'traceparent',
  'tracestate',
]);

/**
 * Headers that frame the request or name its target: never dropped because a client named them in
 * `Connection` (the gateway's request pipeline refuses such a request before it gets here).
 */
const NEVER_HOP_BY_HOP = new Set(['content-length', 'host']);

/**
 * The headers a service gets with a request: the client's, as they came (`Host` and `Content-Length`
 * included), less the hop-by-hop ones, plus what the gateway saw. The gateway is where requests enter
 * the shop: whatever a client claimed in the forwarding headers is replaced (the client's address is
 * the connection's, or what a trusted proxy in front said: ClientAddresses), and the request id is the
 * one the gateway answers with and logs, so every service logs it too.
 *
 * The body's framing is undici's: the body the gateway read, sent with the client's Content-Length
 * (undici refuses to send a body of another length) or chunked, and no body where the client sent none.
 */
export function forwardedHeadersOf(req: IncomingMessage, requestId: string, clientAddress = req.socket.remoteAddress ?? ''): IncomingHttpHeaders {
  const incoming: IncomingHttpHeaders = req.headers;
  // Headers the client named in Connection are hop-by-hop too.
  const named = incoming.connection?.toLowerCase().split(',').map((name) => name.trim());
  const headers: IncomingHttpHeaders = {};
  for (const name in incoming) {
    if (NOT_FORWARDED.has(name)) continue;
    if (named?.includes(name) && !NEVER_HOP_BY_HOP.has(name)) continue;
    headers[name] = incoming[name];
  }
  headers['x-forwarded-for'] = clientAddress;
  headers['x-forwarded-proto'] = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
  headers['x-forwarded-host'] = incoming.host ?? '';
  headers[REQUEST_ID_HEADER] = requestId;
  return headers;
}

/** Does the request carry a body? (HTTP/1.1: only with Content-Length or Transfer-Encoding.) */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
