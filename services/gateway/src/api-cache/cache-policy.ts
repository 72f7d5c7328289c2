import type { IncomingHttpHeaders } from 'node:http';

/**
 * The HTTP caching rules (RFC 9111) the gateway's shared cache follows, as pure functions of headers.
 */

/** Cache-Control directives by lowercase name; a directive without a value maps to `true`. */
export type CacheDirectives = Map<string, string | true>;

/** Parses a Cache-Control header (several headers or a comma-separated list; quoted values unquoted). */
export function cacheDirectivesOf(header: string | string[] | undefined): CacheDirectives {
  const directives: CacheDirectives = new Map();
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const match of text.matchAll(/([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*)))?/g)) {
    const name = match[1].toLowerCase();
    if (!directives.has(name)) directives.set(name, match[2] ?? match[3] ?? true);
  }
  return directives;
}

/** A delta-seconds directive's value, or undefined when absent or not a non-negative whole number. */
function secondsOf(directives: CacheDirectives, name: string): number | undefined {
  const value = directives.get(name);
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/** The comma-separated tokens of a header, lowercase. */
function tokensOf(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * How long a shared cache may answer with this response without asking the service again, in ms,
 * never more than `maxMs`; 0 when it must not store it at all. Stored are only: a 200 whose
 * Cache-Control gives shared caches explicit leave (`public` or `s-maxage`) and a lifetime
 * (`s-maxage`, else `max-age`), without `private`, `no-store` or `no-cache`; not encoded, not setting
 * a cookie, varying at most on Accept-Encoding (the gateway's own compression). The lifetime counts
 * from the service's `Age`, if it sent one.
 */
export function sharedLifetimeMs(status: number, headers: IncomingHttpHeaders, maxMs: number): number {
  if (status !== 200 || maxMs <= 0) return 0;
  if (headers['set-cookie'] !== undefined) return 0;
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return 0;
  if (tokensOf(headers.vary).some((name) => name !== 'accept-encoding')) return 0;
  const directives = cacheDirectivesOf(headers['cache-control']);
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return 0;
  const sharedMaxAge = secondsOf(directives, 's-maxage');
  if (!directives.has('public') && sharedMaxAge === undefined) return 0;
  const lifetime = sharedMaxAge ?? secondsOf(directives, 'max-age');
  if (lifetime === undefined) return 0;
  const age = Number(headers.age ?? 0);
  const remainingMs = (lifetime - (Number.isFinite(age) && age > 0 ? age : 0)) * 1000;
  return Math.max(0, Math.min(maxMs, remainingMs));
}

/** The opaque part of an entity tag (`W/"x"` and `"x"` both give `"x"`): If-None-Match compares weakly. */
const opaqueTagOf = (tag: string) => tag.trim().replace(/^W\//, '');

/** Does an If-None-Match header hold `etag` (or `*`)? Weak comparison, as RFC 9110 prescribes for it. */
export function ifNoneMatchHolds(header: string | string[] | undefined, etag: string | undefined): boolean {
  if (header === undefined || etag === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return true;
  const wanted = opaqueTagOf(etag);
  return (text.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaqueTagOf(tag) === wanted);
}

export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to send a body in: brotli when the client takes it, else gzip, else none (q=0 refuses a
 * coding; `*` stands for those not named), the preference of the compression middleware.
 */
export function preferredCodingOf(acceptEncoding: string | string[] | undefined): ContentCoding | undefined {
  const weights = new Map<string, number>();
  for (const token of tokensOf(acceptEncoding)) {
    const [name, ...parameters] = token.split(';').map((part) => part.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: ContentCoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}
