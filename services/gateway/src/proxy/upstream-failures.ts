import type { ClientRequest, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@shop/contracts';
import type { Upstream } from '../upstreams.js';

/** A service stayed silent for longer than the gateway waits. */
export class UpstreamTimeoutError extends Error {
  constructor(readonly upstream: Upstream, timeoutMs: number) {
    super(`${upstream} did not answer within ${timeoutMs} ms`);
    this.name = 'UpstreamTimeoutError';
  }
}

/**
 * Bounds the time a proxied request may wait on its service, both while
 * connecting (which the socket's idle timeout does not cover) and at any point
 * after (the service silent, neither reading nor answering).
 */
export function limitUpstreamSilence(proxyReq: ClientRequest, upstream: Upstream, timeoutMs: number): void {
  const giveUp = () => proxyReq.destroy(new UpstreamTimeoutError(upstream, timeoutMs));
  proxyReq.setTimeout(timeoutMs, giveUp);
  proxyReq.once('socket', (socket: Socket) => {
    if (!socket.connecting) return;
    const connectTimer = setTimeout(giveUp, timeoutMs);
    const stop = () => clearTimeout(connectTimer);
    socket.once('connect', stop);
    socket.once('close', stop);
  });
}

/** The status and message the client gets when its service could not answer. */
export function failureAnswerOf(error: Error & { code?: string }, upstream: Upstream): { status: number; body: ErrorBody } {
  if (error instanceof UpstreamTimeoutError) {
    return { status: 504, body: { message: `The ${upstream} service did not answer in time, please try again shortly` } };
  }
  if (error.code?.startsWith('HPE_')) {
    return { status: 502, body: { message: `The ${upstream} service gave an invalid answer` } };
  }
  return { status: 503, body: { message: `The ${upstream} service is unavailable, please try again shortly` } };
}

/**
 * Answers a proxied request whose service failed, with `headers` (those every answer carries: the
 * security headers and the request id). Once the service's answer has begun, its status is already
 * on the wire: the response is cut short so the client sees a broken answer rather than a
 * complete-looking one.
 */
export function answerUpstreamFailure(res: ServerResponse, error: Error, upstream: Upstream, headers: OutgoingHttpHeaders): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body } = failureAnswerOf(error, upstream);
  answerJson(res, status, body, headers);
}

/** Answers `{ message }` JSON with `headers` besides its own, unless the response is over already. */
export function answerJson(res: ServerResponse, status: number, body: ErrorBody, headers: OutgoingHttpHeaders): void {
  if (res.writableEnded || res.destroyed) return;
  const json = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}
