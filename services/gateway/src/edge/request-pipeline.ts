import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { answerHeadFor, answerJson, ClientAddresses, endAnswer, framingProblemOf, isRefusedConnection, refuseFraming, REQUEST_ID_HEADER, requestIdOf, RequestLogging, SecurityHeaders, ShopMetrics, TOO_MANY_REQUESTS_MESSAGE, withRequestId } from '@shop/service-kit';
import { SIGN_IN_FORM, withRedirect } from '@shop/contracts';
import { serveTraced } from '@shop/telemetry';
import { ApiCache } from '../api-cache/api-cache.service.js';
import { pathOf, proxyRouteFor, STOREFRONT_ROUTE, type ProxyRoute } from '../proxy/proxy-routes.js';
import { UpstreamProxy } from '../proxy/upstream-proxy.js';
import { ApiRateLimit, isSignInFormPost } from '../security/api-rate-limit.js';

/**
 * The route label of a request the gateway answers itself: few, whatever the path (a label per path
 * would grow without bound): `asset` for a file (a name with an extension), `page` for the rest of the
 * front end's addresses, `other` for the gateway's own API and anything else under /api.
 */
function gatewayRouteOf(path: string): string {
  if (path.startsWith('/api/') || path === '/api') return 'other';
  return /\.[A-Za-z0-9]+$/.test(path) ? 'asset' : 'page';
}

/**
 * The one way every request goes through the gateway, proxied or not, in this order:
 * 1. framing: a request whose framing is ambiguous (two Hosts, Connection naming a framing header,
 *    a coding other than chunked, chunked HTTP/1.0, a target that is not a path) is 400 and its
 *    connection closed; it never reaches a service (Node's parser refuses the rest: see
 *    service-kit's http-framing.ts);
 * 2. its id and request line (service-kit's RequestLogging);
 * 3. the rate limit (on /api);
 * 4. the requests a service answers (the routes table): the API cache (anonymous reads of the public
 *    catalog), then the proxy; they never enter Nest, whose router and middleware chain cost more than
 *    the proxying itself (docs/gateway.md, "Cost of a request");
 * 5. the rest: the gateway's own routes in Nest (front end, health, docs, 404), with the security
 *    headers and the id already on the response.
 * Every answer, whichever step gives it, carries the security headers and the request id.
 */
@Injectable()
export class RequestPipeline {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly logging: RequestLogging,
    private readonly security: SecurityHeaders,
    private readonly rateLimit: ApiRateLimit,
    private readonly cache: ApiCache,
    private readonly proxy: UpstreamProxy,
    private readonly clients: ClientAddresses,
    private readonly metrics: ShopMetrics,
  ) {}

  /** Takes a request of the gateway's HTTP server; `gatewayRoutes`: Nest's handler of the gateway's own routes. */
  handle(req: IncomingMessage, res: ServerResponse, gatewayRoutes: RequestListener): void {
    // A request pipelined behind one refused for its framing is not one: left unanswered, the connection closing.
    if (isRefusedConnection(req.socket)) return void req.resume();
    const requestId = requestIdOf(req);
    this.logging.logWhenDone(req, res, requestId);
    const problem = framingProblemOf(req);
    if (problem !== undefined) {
      req.resume();
      return refuseFraming(res, problem, this.security.answerHeaders(requestId) as Record<string, string>);
    }
    const path = pathOf(req.url ?? '/');
    const route = proxyRouteFor(path);
    // The storefront server's paths by kind (a page, a file), as they were counted before it had its own process.
    const routeLabel = () => (route && route !== STOREFRONT_ROUTE ? route.path : gatewayRouteOf(path));
    this.metrics.timeRequest(req, res, routeLabel);
    // The edge of the shop's traces: the sampler decides here which requests are traced (docs/operations.md).
    serveTraced(req, res, routeLabel, () => this.pass(req, res, path, route, requestId, gatewayRoutes), { edge: true });
  }

  /** Steps 3 to 5: the rate limit, then the service (or the cache) or the gateway's own routes. */
  private pass(req: IncomingMessage, res: ServerResponse, path: string, route: ProxyRoute | undefined, requestId: string, gatewayRoutes: RequestListener): void {
    const next = route ? () => this.toService(req, res, route, requestId) : () => this.toGateway(req, res, requestId, gatewayRoutes);
    if (!this.rateLimit.counts(req.method, path)) return next();
    this.rateLimit.retryAfterOf(this.clients.of(req)).then(
      (retryAfter) => {
        if (retryAfter === undefined) return next();
        if (isSignInFormPost(req.method, path)) return this.signInFormBusy(req, res, requestId);
        // What the client sends of a body is read and thrown away, or its connection closes after the answer (unread-bodies.ts).
        answerJson(res, 429, { message: TOO_MANY_REQUESTS_MESSAGE }, { ...this.security.answerHeaders(requestId), 'retry-after': String(retryAfter) }, req);
      },
      (error: unknown) => this.fail(req, res, requestId, error),
    );
  }

  /**
   * The sign-in form over the rate limit: back to the form with `error=busy` and its redirect kept (when
   * clean), as the storefront server sends the form's other refusals, rather than JSON a shopper without
   * JavaScript would read as a page.
   */
  private signInFormBusy(req: IncomingMessage, res: ServerResponse, requestId: string): void {
    const query = req.url?.includes('?') ? new URLSearchParams(req.url.slice(req.url.indexOf('?'))) : new URLSearchParams();
    const page = withRedirect(SIGN_IN_FORM.action, query.get('redirect'));
    const location = `${page}${page.includes('?') ? '&' : '?'}${SIGN_IN_FORM.error}=busy`;
    res.writeHead(303, answerHeadFor(req, { ...this.security.answerHeaders(requestId), location, 'cache-control': 'no-store', 'content-length': 0 }));
    endAnswer(req, res, () => res.end());
  }

  /** To the API cache if it may answer (an anonymous GET or HEAD of a public route), else to the service. */
  private toService(req: IncomingMessage, res: ServerResponse, route: ProxyRoute, requestId: string): void {
    try {
      if (route.sharedCache && req.method !== 'GET' && req.method !== 'HEAD') {
        // A change of public data (a product edited, reviewed, deleted): what was kept of it goes.
        res.once('finish', () => {
          if (res.statusCode < 400) this.cache.changed(route.upstream);
        });
      }
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

  /** To the gateway's own routes (Nest), the request's id and the security headers already given. */
  private toGateway(req: IncomingMessage, res: ServerResponse, requestId: string, gatewayRoutes: RequestListener): void {
    req.id = requestId;
    const headers = this.security.all;
    for (const name in headers) res.setHeader(name, headers[name]);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    withRequestId(requestId, () => gatewayRoutes(req, res));
  }

  /** A fault of the gateway's own (never the client's input): logged with its stack, a plain 500. */
  private fail(req: IncomingMessage, res: ServerResponse, requestId: string, error: unknown): void {
    withRequestId(requestId, () => this.logger.error(`${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`));
    if (res.headersSent) res.destroy();
    else answerJson(res, 500, { message: 'Internal server error' }, this.security.answerHeaders(requestId), req);
  }
}
