import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Inject, Injectable } from '@nestjs/common';
import proxyAddr from 'proxy-addr';
import { SERVICE_CONFIG } from '../config.js';

/** What a client over a limit of the shop's edge reads (the gateway's rate limit, the storefront server's beacons). */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again later';

/**
 * The client's address as a process at the edge takes it: the connection's own, or, when that is a
 * trusted proxy (TRUST_PROXY: a load balancer, an ingress; for the storefront server, the gateway), the
 * nearest untrusted address of its `X-Forwarded-For`, as Express's `req.ip` would say. The gateway's rate
 * limit counts by it and the services get it as the only `X-Forwarded-For` entry.
 */
@Injectable()
export class ClientAddresses {
  private readonly trust: ReturnType<typeof proxyAddr.compile>;
  private readonly known = new WeakMap<IncomingMessage, string>();

  constructor(@Inject(SERVICE_CONFIG) config: { TRUST_PROXY?: readonly string[] }) {
    this.trust = proxyAddr.compile([...(config.TRUST_PROXY ?? [])]);
  }

  /** Is `address` a proxy in front of the gateway (TRUST_PROXY), which carries many clients' requests? */
  isTrustedProxy(address: string): boolean {
    return this.trust(address, 0);
  }

  /**
   * Did the browser connect over HTTPS: to the gateway itself, or to a trusted proxy (TRUST_PROXY) that
   * says so in `X-Forwarded-Proto`? (What anyone else claims there is not believed.)
   */
  overHttps(req: IncomingMessage): boolean {
    if ((req.socket as Partial<TLSSocket> | undefined)?.encrypted) return true;
    const proto = req.headers['x-forwarded-proto'];
    const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
    return first === 'https' && this.isTrustedProxy(req.socket?.remoteAddress ?? '');
  }

  of(req: IncomingMessage): string {
    let address = this.known.get(req);
    if (address === undefined) {
      const direct = req.socket.remoteAddress;
      const named = direct ? proxyAddr(req, this.trust) : undefined;
      address = named && isIP(named) ? named : (direct ?? 'unknown');
      this.known.set(req, address);
    }
    return address;
  }
}
