import type { Agent, IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { REQUEST_ID_HEADER, requestIdOf, SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { UPSTREAMS, upstreamUrlsOf, type Upstream } from '../upstreams.js';
import { pathOf, proxyRouteFor } from './proxy-routes.js';
import { UpstreamAgent } from './upstream-agent.js';
import { answerUpstreamFailure, limitUpstreamSilence } from './upstream-failures.js';

/**
 * Hands every request of the routes table to its service, streaming the body
 * both ways (nothing is parsed or buffered here, so uploads and the 1 MB JSON
 * limit are the services' business). Other paths go on to the gateway's own routes.
 */
@Injectable()
export class UpstreamProxyMiddleware implements NestMiddleware {
  private readonly logger = new Logger('Proxy');
  private readonly proxies: Record<Upstream, RequestHandler<Request, Response>>;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig, agent: UpstreamAgent) {
    const urls = upstreamUrlsOf(config);
    this.proxies = Object.fromEntries(
      UPSTREAMS.map((upstream) => [upstream, this.proxyTo(upstream, urls[upstream], agent, config.UPSTREAM_TIMEOUT_MS)]),
    ) as Record<Upstream, RequestHandler<Request, Response>>;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const route = proxyRouteFor(pathOf(req.url));
    if (!route) return next();
    forwardHeaders(req.headers, req, res);
    void this.proxies[route.upstream](req, res, next);
  }

  private proxyTo(upstream: Upstream, target: string, agent: Agent, timeoutMs: number): RequestHandler<Request, Response> {
    // Requests whose service has begun to answer: that answer stands, whatever fails after.
    const answered = new WeakSet<Request>();
    return createProxyMiddleware<Request, Response>({
      target,
      agent,
      on: {
        proxyReq: (proxyReq) => limitUpstreamSilence(proxyReq, upstream, timeoutMs),
        proxyRes: (proxyRes, req, res) => {
          answered.add(req);
          // An answer cut short upstream is cut short here too, rather than left hanging.
          proxyRes.once('close', () => {
            if (!proxyRes.complete) res.destroy();
          });
        },
        error: (error, req, res) => {
          // What is left of the client's body has nowhere to go: drain it, so the client gets to read the answer.
          req.resume();
          if (answered.has(req)) {
            // Typically a service that answered (413) without reading the whole body, then closed.
            this.logger.debug(`${req.method} ${req.url} -> ${upstream} answered, then: ${error.message}`);
            return;
          }
          this.logger.warn(`${req.method} ${req.url} -> ${upstream} failed: ${error.message}`);
          answerUpstreamFailure(res, error, upstream);
        },
      },
    });
  }
}

/**
 * Turns a request's headers (`req.headers` itself, or a copy for a request of the gateway's own)
 * into those its service gets. The gateway is where requests enter the shop: the forwarding
 * headers say what it saw (whatever a client claimed in them is replaced), and the request id is
 * the one the gateway answers with and logs, so every service logs it too.
 */
export function forwardHeaders(headers: IncomingHttpHeaders, req: Request, res: Response): void {
  // Hop-by-hop headers concern the client's connection to the gateway only.
  for (const name of [...(headers.connection?.split(',') ?? []), 'connection', 'keep-alive', 'proxy-connection']) {
    delete headers[name.trim().toLowerCase()];
  }
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = req.protocol;
  headers['x-forwarded-host'] = headers.host ?? '';
  delete headers['x-forwarded-port'];
  delete headers.forwarded;
  headers[REQUEST_ID_HEADER] = requestIdAnsweredBy(req, res);
  // Node already answered the client's `Expect: 100-continue`; passed on, the
  // header would also keep http-proxy from announcing the upstream request.
  delete headers.expect;
}

/** The id the request's log lines and answer carry (set by the logging middleware, which runs first). */
function requestIdAnsweredBy(req: Request, res: Response): string {
  const answered = res.getHeader(REQUEST_ID_HEADER);
  if (typeof answered === 'string') return answered;
  const requestId = requestIdOf(req);
  res.setHeader(REQUEST_ID_HEADER, requestId);
  return requestId;
}
