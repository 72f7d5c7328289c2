import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { REQUEST_ID_HEADER, requestIdOf, RequestLogging, withRequestId } from '@shop/service-kit';
import { ApiCache } from '../api-cache/api-cache.service.js';
import { ApiRateLimit, TOO_MANY_REQUESTS_MESSAGE } from '../security/api-rate-limit.js';
import { ClientAddresses } from '../security/client-addresses.js';
import { SecurityHeaders } from '../security/security-headers.js';
import { pathOf, proxyRouteFor, type ProxyRoute } from './proxy-routes.js';
import { UpstreamProxy } from './upstream-proxy.js';
import { answerJson } from './upstream-failures.js';

/**
 * The requests a service answers (the routes table), taken before Nest sees them: they need none
 * of its routing, and on this path each costs the gateway a fraction of what Nest's middleware chain
 * did (see docs/gateway.md, "Cost of a request"). Each passes, in this order, as the gateway's own
 * routes do: its id and request line (service-kit's RequestLogging), the security headers (on its
 * answer), the rate limit (on /api), the API cache (anonymous reads of the public catalog), the proxy.
 */
@Injectable()
export class ProxiedRequestHandler {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly logging: RequestLogging,
    private readonly security: SecurityHeaders,
    private readonly rateLimit: ApiRateLimit,
    private readonly cache: ApiCache,
    private readonly proxy: UpstreamProxy,
    private readonly clients: ClientAddresses,
  ) {}

  /** Takes the request if a service answers it (true); otherwise leaves it to the gateway's own routes (false). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = pathOf(req.url ?? '/');
    const route = proxyRouteFor(path);
    if (!route) return false;
    const requestId = requestIdOf(req);
    this.logging.logWhenDone(req, res, requestId);
    if (!this.rateLimit.counts(path)) {
      this.pass(req, res, route, requestId);
      return true;
    }
    this.rateLimit.retryAfterOf(this.clients.of(req)).then(
      (retryAfter) => {
        if (retryAfter === undefined) this.pass(req, res, route, requestId);
        else answerJson(res, 429, { message: TOO_MANY_REQUESTS_MESSAGE }, { ...this.answerHeaders(requestId), 'retry-after': String(retryAfter) });
      },
      (error: unknown) => this.fail(req, res, requestId, error),
    );
    return true;
  }

  /** The headers every answer to the request carries: a fresh object, for the answer to complete. */
  private answerHeaders(requestId: string): OutgoingHttpHeaders {
    return { ...this.security.all, [REQUEST_ID_HEADER]: requestId };
  }

  /** To the API cache if it may answer (an anonymous GET or HEAD of a public route), else to the service. */
  private pass(req: IncomingMessage, res: ServerResponse, route: ProxyRoute, requestId: string): void {
    try {
      const toService = () => this.proxy.forward(req, res, route.upstream, requestId);
      if (!route.sharedCache || !this.cache.takes(req)) return toService();
      this.cache.answer(route.upstream, req, res, requestId, toService).catch((error: unknown) => {
        withRequestId(requestId, () => this.logger.error(`${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`));
        if (!res.headersSent) toService();
        else res.destroy();
      });
    } catch (error) {
      this.fail(req, res, requestId, error);
    }
  }

  /** A fault of the gateway's own (never the client's input): logged with its stack, a plain 500. */
  private fail(req: IncomingMessage, res: ServerResponse, requestId: string, error: unknown): void {
    withRequestId(requestId, () => this.logger.error(`${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`));
    req.resume();
    if (res.headersSent) res.destroy();
    else answerJson(res, 500, { message: 'Internal server error' }, this.answerHeaders(requestId));
  }
}
