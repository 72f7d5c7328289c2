import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import type { Dispatcher } from 'undici';
import { answerHeadFor, answerJson, answerUpstreamFailure, ClientAddresses, endAnswer, forwardedHeadersOf, hasBody, isRefusedRequest, isTimeout, type Replica, REQUEST_ID_HEADER, SecurityHeaders, UpstreamPool, withRequestId } from '@shop/service-kit';
import { StorefrontFallback } from '../storefront-fallback/storefront-fallback.js';
import type { Upstream } from '../upstreams.js';
import { compressionOf, encoderOf, varyingOnAcceptEncoding } from './answer-compression.js';

/**
 * Answer headers that concern the service's connection to the gateway only (Node sets the client's
 * own), and the request id (the gateway's stands).
 */
const NOT_PASSED_BACK = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'trailer', 'upgrade', REQUEST_ID_HEADER]);

/**
 * Bodies up to this, announced by Content-Length, are read whole before they go on, so that undici
 * writes the request's head and body to the service in one write rather than two (a write to a loopback
 * socket costs 0.1-0.25 ms of kernel time on this machine: docs/gateway.md, "Cost of a request").
 * Larger bodies (uploads) and chunked ones stream as they come.
 */
const SMALL_BODY_BYTES = 64 * 1024;

/** The client went away before its answer was whole. */
class ClientGone extends Error {}

/**
 * May the request go to another replica when the first failed before answering? Only a GET or
 * HEAD without a body (idempotent, nothing of it consumed), and only when the connection failed or
 * broke, not when the service was merely slow (that one may still be working on it).
 */
function retriable(req: IncomingMessage, error: unknown): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !hasBody(req) && !isTimeout(error) && !isRefusedRequest(error);
}

/**
 * Passes a request to its service and the service's answer back, on undici's kept-alive connections
 * (UpstreamPool). Method, path, query, headers and body go as they came, framed by undici (see
 * forwardedHeadersOf); status, headers and body come back as the service sent them. Bodies stream both
 * ways with backpressure (nothing is parsed or buffered here, so uploads and body limits are the
 * services' business). A service with several replicas gets each request on one of them; a GET whose
 * replica fails before answering goes once to another. A failing service gets 503, 504 or 502 (see
 * upstream-failures.ts); an answer cut short is cut short.
 */
@Injectable()
export class UpstreamProxy {
  private readonly logger = new Logger('Proxy');

  constructor(
    private readonly pool: UpstreamPool,
    private readonly security: SecurityHeaders,
    private readonly clients: ClientAddresses,
    private readonly fallback: StorefrontFallback,
  ) {}

  /**
   * Forwards `req` to `upstream` and answers `res` with what it says, with the headers every answer
   * carries (the security headers, the request id): a service's own header of the same name replaces
   * the gateway's, except the request id.
   */
  forward(req: IncomingMessage, res: ServerResponse, upstream: Upstream, requestId: string, failed?: Replica): void {
    if (!hasBody(req)) return this.send(req, res, upstream, requestId, null, failed);
    const length = Number(req.headers['content-length']);
    if (req.headers['transfer-encoding'] !== undefined || !(length <= SMALL_BODY_BYTES)) return this.send(req, res, upstream, requestId, streamedBodyOf(req), failed);
    // A small body is read whole first: undici then writes the request's head and body in one write.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => this.send(req, res, upstream, requestId, Buffer.concat(chunks), failed));
  }

  /** Dispatches the request on a replica's connections, its body given whole, as a stream, or none. */
  private send(req: IncomingMessage, res: ServerResponse, upstream: Upstream, requestId: string, body: Buffer | Readable | null, failed?: Replica): void {
    const target = this.pool.pick(upstream, failed);
    const exchange = new ProxyExchange(this, req, res, upstream, target, requestId, failed !== undefined);
    target.connections.dispatch(
      {
        path: target.basePath + req.url,
        method: req.method as Dispatcher.HttpMethod,
        headers: forwardedHeadersOf(req, requestId, this.clients.of(req)),
        body,
      },
      exchange,
    );
  }

  /**
   * The service failed before answering: another replica, or the failure's answer. What is left of the
   * client's body has nowhere to go: it is read and thrown away, or the connection closes after the
   * answer (edge/unread-bodies.ts).
   */
  failedBeforeAnswer(exchange: ProxyExchange, error: unknown): void {
    const { req, res, upstream, target, requestId } = exchange;
    if (isRefusedRequest(error)) {
      // undici will not send a header or value the client gave: the client's request was malformed.
      return answerJson(res, 400, { message: 'Malformed request' }, this.security.answerHeaders(requestId), req);
    }
    withRequestId(requestId, () => this.logger.warn(`${req.method} ${req.url} -> ${upstream} at ${target.url} failed: ${messageOf(error)}`));
    if (!isTimeout(error)) this.pool.failed(target);
    if (!exchange.retried && retriable(req, error) && this.pool.all(upstream).length > 1) return this.forward(req, res, upstream, requestId, target);
    if (upstream === 'storefront' && !res.headersSent) {
      // The pages and files the browser needs to render the shop itself, while the storefront server is down.
      this.fallback.serve(req, res, requestId).then(
        (served) => served || answerUpstreamFailure(res, error, upstream, this.security.answerHeaders(requestId), req),
        () => answerUpstreamFailure(res, error, upstream, this.security.answerHeaders(requestId), req),
      );
      return;
    }
    answerUpstreamFailure(res, error, upstream, this.security.answerHeaders(requestId), req);
  }

  /** The service's answer could not be passed on (a header Node will not write): an invalid answer. */
  invalidAnswer(exchange: ProxyExchange, error: unknown): void {
    const { req, res, upstream, requestId } = exchange;
    withRequestId(requestId, () => this.logger.warn(`${req.method} ${req.url} -> ${upstream} answered what cannot be passed on: ${messageOf(error)}`));
    if (res.headersSent) res.destroy();
    else answerJson(res, 502, { message: `The ${upstream} service gave an invalid answer` }, this.security.answerHeaders(requestId), req);
  }

  /** The service's status and headers with the gateway's: the head of the client's answer. */
  answerHeadOf(requestId: string, given: IncomingHttpHeaders): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = { ...this.security.all };
    for (const name in given) if (!NOT_PASSED_BACK.has(name)) headers[name] = given[name];
    headers[REQUEST_ID_HEADER] = requestId;
    return headers;
  }
}

/**
 * One request's trip to a service and back, as undici's dispatch handler: the answer's head is
 * written when it comes, its body as it comes (compressed when it pays), with backpressure both ways
 * (undici pauses reading the service when the client reads slowly). A client that goes away cancels
 * the service's request, so the service does no more work for nobody. An answer that comes before the
 * client's body was read whole (413, 401 to an upload) is passed on as any other; the rest of the body
 * is read and thrown away, or the client's connection closes after the answer (edge/unread-bodies.ts).
 */
class ProxyExchange implements Dispatcher.DispatchHandler {
  private controller?: Dispatcher.DispatchController;
  private sink?: Writable;
  private clientGone = false;

  constructor(
    private readonly proxy: UpstreamProxy,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly upstream: Upstream,
    readonly target: Replica,
    readonly requestId: string,
    readonly retried: boolean,
  ) {
    res.once('close', () => {
      if (res.writableFinished) return;
      this.clientGone = true;
      this.controller?.abort(new ClientGone('the client went away'));
    });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.clientGone) controller.abort(new ClientGone('the client went away'));
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, statusMessage?: string): void {
    if (statusCode < 200) return;
    const { req, res } = this;
    const head = this.proxy.answerHeadOf(this.requestId, headers);
    const { varies, coding } = compressionOf(req, statusCode, head);
    if (varies) head.vary = varyingOnAcceptEncoding(head.vary);
    if (coding) {
      delete head['content-length'];
      head['content-encoding'] = coding;
    }
    try {
      res.writeHead(statusCode, statusMessage || undefined, answerHeadFor(req, head));
    } catch (error) {
      controller.abort(error instanceof Error ? error : new Error(String(error)));
      return this.proxy.invalidAnswer(this, error);
    }
    if (!coding) {
      this.sink = res;
      return;
    }
    const encoder = encoderOf(coding);
    encoder.once('error', () => res.destroy());
    res.once('close', () => encoder.destroy());
    encoder.pipe(res);
    this.sink = encoder;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const sink = this.sink;
    if (!sink || sink.destroyed) return;
    if (!sink.write(chunk)) {
      controller.pause();
      sink.once('drain', () => controller.resume());
    }
  }

  onResponseEnd(): void {
    const sink = this.sink;
    if (sink) endAnswer(this.req, this.res, () => sink.end());
    else if (!this.req.complete) this.req.resume();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.clientGone || this.res.writableEnded) {
      this.req.resume();
      return;
    }
    if (!this.req.complete && (this.req.destroyed || this.req.errored)) {
      // The client's body broke off or was malformed (answered 400 by the server's parser-error
      // handler): the service's request was cancelled for it, and the service is not to blame.
      return void this.res.destroy();
    }
    if (this.sink || this.res.headersSent) {
      // Cut short upstream: cut short here too, rather than left hanging or looking whole.
      this.req.resume();
      this.res.destroy();
      return;
    }
    this.proxy.failedBeforeAnswer(this, error);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The client's body as undici reads it: a stream of its own, fed from the request with backpressure.
 * undici destroys the body it was given when it ends the exchange early (the service answered before
 * reading all of it, or failed); had that been the request itself, the client's connection would go
 * with it, and with it the answer and the client's next request. The request's own failure (the
 * client's body broke off) still ends the service's request.
 */
function streamedBodyOf(req: IncomingMessage): Readable {
  const body = new PassThrough();
  req.pipe(body);
  req.once('error', (error) => body.destroy(error));
  req.once('close', () => {
    if (!req.complete) body.destroy(new Error("the client's body broke off"));
  });
  // Whatever undici does not read any more is read to its end: the client then reads its answer.
  body.once('close', () => {
    if (!req.complete) req.resume();
  });
  return body;
}
