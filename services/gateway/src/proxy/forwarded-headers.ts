import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { REQUEST_ID_HEADER } from '@shop/service-kit';

/**
 * Request headers a service never gets from the client: hop-by-hop ones (they concern the client's
 * connection to the gateway only), `expect` (Node already answered the client's 100-continue), and
 * what the gateway itself says (forwarding headers, request id).
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'expect',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  REQUEST_ID_HEADER,
]);

/**
 * The headers a service gets with a request: the client's, as they came (`Host` included), less
 * the hop-by-hop ones, plus what the gateway saw. The gateway is where requests enter the shop:
 * whatever a client claimed in the forwarding headers is replaced (the client's address is the
 * connection's, or what a trusted proxy in front said: ClientAddresses), and the request id is the one
 * the gateway answers with and logs, so every service logs it too.
 */
export function forwardedHeadersOf(req: IncomingMessage, requestId: string, clientAddress = req.socket.remoteAddress ?? ''): OutgoingHttpHeaders {
  const incoming: IncomingHttpHeaders = req.headers;
  // Headers the client named in Connection are hop-by-hop too.
  const named = incoming.connection?.toLowerCase().split(',').map((name) => name.trim());
  const headers: OutgoingHttpHeaders = {};
  for (const name in incoming) {
    if (!NOT_FORWARDED.has(name) && !named?.includes(name)) headers[name] = incoming[name];
  }
  headers['x-forwarded-for'] = clientAddress;
  headers['x-forwarded-proto'] = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
  headers['x-forwarded-host'] = incoming.host ?? '';
  headers[REQUEST_ID_HEADER] = requestId;
  return headers;
}
