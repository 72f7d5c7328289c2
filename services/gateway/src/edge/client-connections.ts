import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientAddresses, clientKeyOf, SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';

/** What a client over its connection cap reads, before its connection is closed. */
export const TOO_MANY_CONNECTIONS_MESSAGE = 'Too many connections from your address, please try again later';

/** How often Node looks for connections past their header or request timeout (its default: 30 s). */
const CHECK_EVERY_MS = 1_000;

/**
 * Bounds what one client can hold of the gateway's connections, where clients connect:
 * - HEADERS_TIMEOUT_MS to send a request's head (a client trickling headers, or silent after
 *   connecting, is cut with 408), REQUEST_TIMEOUT_MS for a whole request with its body, and an idle
 *   kept-alive connection closed after KEEP_ALIVE_TIMEOUT_MS; Node checks them every second;
 * - at most MAX_CONNECTIONS_PER_ADDRESS open connections per client address (IPv6: per /64): one more
 *   is answered 429 and closed. Connections from a trusted proxy (TRUST_PROXY: a load balancer
 *   carries many clients' requests) are not counted.
 */
@Injectable()
export class ClientConnections {
  private readonly logger = new Logger('Connections');
  private readonly open = new Map<string, number>();
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    private readonly clients: ClientAddresses,
  ) {}

  /** Applies the timeouts and the per-address cap to the gateway's server (before it listens). */
  limit(server: Server): void {
    server.headersTimeout = this.config.HEADERS_TIMEOUT_MS;
    server.requestTimeout = this.config.REQUEST_TIMEOUT_MS;
    server.keepAliveTimeout = this.config.KEEP_ALIVE_TIMEOUT_MS;
    // RequestPipeline answers a request without Host itself, with the shop's { message } (Node's own 400 has no body).
    // Node's settings read per request or when it starts listening (its types know them as constructor options only).
    Object.assign(server, { requireHostHeader: false, connectionsCheckingInterval: CHECK_EVERY_MS });
    // Node's header timeout also covers a connection that sends nothing at all (408, then closed).
    server.on('connection', (socket: Socket) => this.admit(socket));
  }

  /** Connections open now from the client at `address`. */
  openFrom(address: string): number {
    return this.open.get(clientKeyOf(address)) ?? 0;
  }

  private admit(socket: Socket): void {
    const cap = this.config.MAX_CONNECTIONS_PER_ADDRESS;
    const address = socket.remoteAddress;
    if (cap === 0 || address === undefined || this.clients.isTrustedProxy(address)) return;
    const key = clientKeyOf(address);
    const count = (this.open.get(key) ?? 0) + 1;
    this.open.set(key, count);
    socket.once('close', () => {
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    });
    if (count <= cap) return;
    this.logger.warn(`${key} holds ${count - 1} connections already: one more refused`);
    const body = JSON.stringify({ message: TOO_MANY_CONNECTIONS_MESSAGE });
    socket.end(
      `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Retry-After: 1\r\nConnection: close\r\n\r\n${body}`,
    );
    // Whatever the client sends meanwhile is not read: the connection goes once the answer is out.
    socket.setTimeout(1_000, () => socket.destroy());
  }
}
