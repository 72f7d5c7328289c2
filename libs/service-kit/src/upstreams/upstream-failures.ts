import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ErrorBody } from '@shop/contracts';
import { answerHeadFor, endAnswer } from './unread-bodies.js';

/** undici's codes for a service that stayed silent too long: while connecting, or before its answer's head. */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** undici's codes for an answer that is not HTTP, or not the answer to the request sent. */
const INVALID_ANSWER_CODES = new Set(['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'UND_ERR_HEADERS_OVERFLOW', 'UND_ERR_RES_EXCEEDED_MAX_SIZE']);

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;

/** Did the service stay silent for longer than the gateway waits (rather than fail)? */
export function isTimeout(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && TIMEOUT_CODES.has(code);
}

/**
 * Was the request itself refused before it left (a header or value undici will not send)? The
 * client's request was malformed, not the service's answer.
 */
export function isRefusedRequest(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'UND_ERR_INVALID_ARG' || code === 'UND_ERR_NOT_SUPPORTED';
}

/** The status and message the client gets when its service could not answer. */
export function failureAnswerOf(error: unknown, upstream: string): { status: number; body: ErrorBody } {
  const code = codeOf(error) ?? '';
  if (isRefusedRequest(error)) return { status: 400, body: { message: 'Malformed request' } };
  if (TIMEOUT_CODES.has(code)) {
    return { status: 504, body: { message: `The ${upstream} service did not answer in time, please try again shortly` } };
  }
  // undici's HTTPParserError carries no code of its own (its cause may hold llhttp's HPE_*).
  if (code.startsWith('HPE_') || INVALID_ANSWER_CODES.has(code) || (error instanceof Error && error.name === 'HTTPParserError')) {
    return { status: 502, body: { message: `The ${upstream} service gave an invalid answer` } };
  }
  return { status: 503, body: { message: `The ${upstream} service is unavailable, please try again shortly` } };
}

/**
 * Answers a proxied request whose service failed, with `headers` (those every answer carries: the
 * security headers and the request id). Once the service's answer has begun, its status is already
 * on the wire: the response is cut short so the client sees a broken answer rather than a
 * complete-looking one. `req`: see answerJson.
 */
export function answerUpstreamFailure(res: ServerResponse, error: unknown, upstream: string, headers: OutgoingHttpHeaders, req?: IncomingMessage): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body } = failureAnswerOf(error, upstream);
  answerJson(res, status, body, headers, req);
}

/**
 * Answers `{ message }` JSON with `headers` besides its own, unless the response is over already.
 * `req`, when the answer may come before the client's body was read whole: the rest of the body is
 * read and thrown away, or the connection closes after the answer (unread-bodies.ts).
 */
export function answerJson(res: ServerResponse, status: number, body: ErrorBody, headers: OutgoingHttpHeaders, req?: IncomingMessage): void {
  if (res.writableEnded || res.destroyed) return void req?.resume();
  const json = JSON.stringify(body);
  const head = { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) };
  if (!req) {
    res.writeHead(status, head);
    res.end(json);
    return;
  }
  res.writeHead(status, answerHeadFor(req, head));
  res.write(json);
  endAnswer(req, res, () => res.end());
}
