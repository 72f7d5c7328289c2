import type { Server } from 'node:http';

/**
 * The HTTP server settings of every service. Clients reach the services through the gateway
 * (which holds the client-facing limits and the per-address caps); these bound what one slow or
 * silent connection can hold in the service itself, whoever opened it.
 */
export interface ServerTimeouts {
  /** Time for a request's headers to arrive in full: a client that trickles them is cut (408). */
  headersTimeoutMs: number;
  /**
   * Time for a whole request, body included, to arrive. The largest request of the shop is an
   * admin's 5 MB image to the catalog, which the gateway streams on at the client's pace (42 s at
   * 1 Mbit/s, a slow mobile uplink; 120 s at 0.35 Mbit/s). The gateway gives a client's request
   * 120 s; the service gives it as long, counted from a little later (when the gateway has the
   * headers), so the gateway, which can answer the client, always cuts first. Must not be shorter
   * than the gateway's.
   */
  requestTimeoutMs: number;
  /**
   * How long an idle kept-alive connection stays open. The gateway keeps its connections to the
   * services alive and drops an idle one after 4 s; the service must wait longer, or the gateway
   * could send a request on a connection the service is closing. Node's default, stated.
   */
  keepAliveTimeoutMs: number;
  /** How often Node looks for connections past the two timeouts above (its default, 30 s, would let one outlive them by as much). */
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};

/** Largest request line plus headers (Node's default, stated: a larger one answers 431). */
export const MAX_HEADER_SIZE = 16 * 1024;

/**
 * Applies the service's server settings to its HTTP server, before it listens: the timeouts, the
 * 16 KB header limit, Node's strict HTTP parser (never the lenient one a `--insecure-http-parser`
 * flag would turn on: it takes requests a proxy in front may read differently) and the required
 * Host header. Settings made on the server win over process-wide flags.
 */
export function applyServerLimits(server: Server, timeouts: Partial<ServerTimeouts> = {}): void {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, checkIntervalMs } = { ...SERVER_TIMEOUTS, ...timeouts };
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = requestTimeoutMs;
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Read when the server starts listening (it starts the checking then).
  Object.assign(server, {
    connectionsCheckingInterval: checkIntervalMs,
    maxHeaderSize: MAX_HEADER_SIZE,
    insecureHTTPParser: false,
    requireHostHeader: true,
  });
}
