import { request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { REQUEST_ID_HEADER, SERVICE_CONFIG, withRequestId } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { SecurityHeaders } from '../security/security-headers.js';
import type { Upstream } from '../upstreams.js';
import { compressionOf, encoderOf, varyingOnAcceptEncoding } from './answer-compression.js';
import { ClientAddresses } from '../security/client-addresses.js';
import { forwardedHeadersOf } from './forwarded-headers.js';
import { UpstreamPool, type Replica } from './upstream-pool.js';
import { answerJson, answerUpstreamFailure, limitUpstreamSilence, UpstreamTimeoutError } from './upstream-failures.js';

/**
 * Answer headers that concern the service's connection to the gateway only (Node sets the client's
 * own), and the request id (the gateway's stands).
 */
const NOT_PASSED_BACK = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'trailer', 'upgrade', REQUEST_ID_HEADER]);

/**
 * May the request go to another replica when the first failed before answering? Only a GET or
 * HEAD without a body (idempotent, nothing of it consumed), and only when the connection failed or
 * broke, not when the service was merely slow (that one may still be working on it).
 */
function retriable(req: IncomingMessage, error: Error): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !hasBody(req) && !(error instanceof UpstreamTimeoutError);
}

/** Does the request carry a body? (HTTP/1.1: only with Content-Length or Transfer-Encoding.) */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Passes a request to its service and the service's answer back, on node:http with the kept-alive
 * connections of UpstreamAgent. Method, path, query, headers and body go as they came; status,
 * headers and body come back as the service sent them. Bodies stream both ways (nothing is parsed
 * or buffered here, so uploads and the 1 MB JSON limit are the services' business). A service
 * with several replicas gets each request on one of them (UpstreamPool); a GET whose replica fails
 * before answering goes once to another. A failing service gets 503, 504 or 502 (see
 * upstream-failures.ts); an answer cut short is cut short.
 */
@Injectable()
export class UpstreamProxy {
  private readonly logger = new Logger('Proxy');
  private readonly timeoutMs: number;

  constructor(
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    private readonly pool: UpstreamPool,
    private readonly security: SecurityHeaders,
    private readonly clients: ClientAddresses,
  ) {
    this.timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  }

  /**
   * Forwards `req` to `upstream` and answers `res` with what it says, with the headers every answer
   * carries (the security headers, the request id): a service's own header of the same name replaces
   * the gateway's, except the request id.
   */
  forward(req: IncomingMessage, res: ServerResponse, upstream: Upstream, requestId: string, failed?: Replica): void {
    const target = this.pool.pick(upstream, failed);
    let proxyReq: ClientRequest;
    try {
      proxyReq = (target.https ? httpsRequest : httpRequest)({
        ...target.options,
        method: req.method,
        path: target.basePath + req.url,
        headers: forwardedHeadersOf(req, requestId, this.clients.of(req)),
      });
    } catch {
      // Node refuses to send a path or header it finds malformed: the client's request was.
      req.resume();
      return answerJson(res, 400, { message: 'Malformed request' }, this.answerHeaders(requestId));
    }
    limitUpstreamSilence(proxyReq, upstream, this.timeoutMs);
    // Requests whose service has begun to answer: that answer stands, whatever fails after.
    let answered = false;
    let clientGone = false;
    proxyReq.on('response', (proxyRes) => {
      answered = true;
      try {
        this.answer(req, res, proxyRes, requestId);
      } catch (error) {
        // Node would not write what the service sent (a header it finds malformed): an invalid answer.
        proxyReq.destroy();
        withRequestId(requestId, () => this.logger.warn(`${req.method} ${req.url} -> ${upstream} answered what cannot be passed on: ${String(error)}`));
        if (res.headersSent) res.destroy();
        else answerJson(res, 502, { message: `The ${upstream} service gave an invalid answer` }, this.answerHeaders(requestId));
      }
    });
    proxyReq.on('error', (error: Error) => {
      // What is left of the client's body has nowhere to go: drain it, so the client gets to read the answer.
      req.resume();
      if (clientGone) return;
      if (answered) {
        // Typically a service that answered (413) without reading the whole body, then closed.
        withRequestId(requestId, () => this.logger.debug(`${req.method} ${req.url} -> ${upstream} answered, then: ${error.message}`));
        return;
      }
      withRequestId(requestId, () => this.logger.warn(`${req.method} ${req.url} -> ${upstream} at ${target.url} failed: ${error.message}`));
      if (!(error instanceof UpstreamTimeoutError)) this.pool.failed(target);
      if (!failed && retriable(req, error) && this.pool.all(upstream).length > 1) return this.forward(req, res, upstream, requestId, target);
      answerUpstreamFailure(res, error, upstream, this.answerHeaders(requestId));
    });
    res.on('close', () => {
      // The client went away before its answer was whole: the service's work on it is of no more use.
      if (res.writableFinished) return;
      clientGone = true;
      proxyReq.destroy();
    });
    if (hasBody(req)) req.pipe(proxyReq);
    else proxyReq.end();
  }

  /** The headers every answer carries (the security headers, the request id): a fresh object. */
  private answerHeaders(requestId: string): OutgoingHttpHeaders {
    return { ...this.security.all, [REQUEST_ID_HEADER]: requestId };
  }

  /** Sends the service's answer on: its status and headers with the gateway's, its body as it comes (compressed if it pays). */
  private answer(req: IncomingMessage, res: ServerResponse, proxyRes: IncomingMessage, requestId: string): void {
    const headers: OutgoingHttpHeaders = { ...this.security.all };
    const given = proxyRes.headers;
    for (const name in given) if (!NOT_PASSED_BACK.has(name)) headers[name] = given[name];
    headers[REQUEST_ID_HEADER] = requestId;
    const status = proxyRes.statusCode ?? 502;
    const { varies, coding } = compressionOf(req, status, headers);
    if (varies) headers.vary = varyingOnAcceptEncoding(headers.vary);
    if (coding) {
      delete headers['content-length'];
      headers['content-encoding'] = coding;
    }
    res.writeHead(status, proxyRes.statusMessage, headers);
    // An answer cut short upstream is cut short here too, rather than left hanging or looking whole.
    proxyRes.once('close', () => {
      if (!proxyRes.complete) res.destroy();
    });
    if (!coding) {
      proxyRes.pipe(res);
      return;
    }
    const encoder = encoderOf(coding);
    encoder.once('error', () => res.destroy());
    res.once('close', () => encoder.destroy());
    proxyRes.pipe(encoder).pipe(res);
  }
}
