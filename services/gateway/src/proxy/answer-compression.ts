import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { constants as zlibConstants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import compressible from 'compressible';
import { preferredCodingOf, type ContentCoding } from '../api-cache/cache-policy.js';

/** Smaller answers go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** Cache-Control `no-transform`: the sender forbids any change of the body, its coding included. */
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * How the gateway sends a service's answer, decided as the `compression` middleware decides for the
 * gateway's own answers: an answer of a compressible type (JSON, text, SVG…) whose sender allows
 * transforms varies on Accept-Encoding; it is brotli- or gzip-encoded when it is 1 KB or more (or
 * of unknown length), not already encoded, has a body, and the client accepts the coding.
 */
export function compressionOf(
  req: IncomingMessage,
  status: number,
  headers: OutgoingHttpHeaders,
): { varies: boolean; coding?: ContentCoding } {
  const type = headers['content-type'];
  if (typeof type !== 'string' || !compressible(type)) return { varies: false };
  const cacheControl = headers['cache-control'];
  if (typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl)) return { varies: false };
  if (Number(headers['content-length']) < COMPRESSION_THRESHOLD) return { varies: true };
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding !== 'identity') return { varies: true };
  if (req.method === 'HEAD' || status === 204 || status === 304) return { varies: true };
  return { varies: true, coding: preferredCodingOf(req.headers['accept-encoding']) };
}

/** A Vary header value that also names Accept-Encoding. */
export function varyingOnAcceptEncoding(vary: OutgoingHttpHeaders['vary']): string {
  const value = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (value.trim() === '') return 'Accept-Encoding';
  if (/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(value)) return value;
  return `${value}, Accept-Encoding`;
}

/** A stream encoding a body in `coding`, with the compression middleware's settings (brotli at quality 4). */
export function encoderOf(coding: ContentCoding): BrotliCompress | Gzip {
  return coding === 'br' ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip();
}
