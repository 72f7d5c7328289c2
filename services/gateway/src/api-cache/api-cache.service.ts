import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AnswerCutShort, AnswerTooLarge, answerUpstreamFailure, ClientAddresses, forwardedHeadersOf, isRefusedRequest, isTimeout, REQUEST_ID_HEADER, SecurityHeaders, SERVICE_CONFIG, ShopMetrics, UpstreamPool, type WholeAnswer, withRequestId } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { COMPRESSION_THRESHOLD, compressionOf, varyingOnAcceptEncoding } from '../proxy/answer-compression.js';
import type { Upstream } from '../upstreams.js';
import { cacheDirectivesOf, ifNoneMatchHolds, preferredCodingOf, sharedLifetimeMs, type ContentCoding } from './cache-policy.js';

/** Larger answers are not kept (they are proxied as they come). */
const MAX_BODY_BYTES = 512 * 1024;
/** Bounds of the whole cache: entries (query strings make the keys unbounded) and bytes. */
const MAX_ENTRIES = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Request headers that would get a part or a 304 from the service: the cache asks for the whole answer. */
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range'];
/** Answer headers not replayed: per connection, per answer (the gateway's Date, Age, request id), or recomputed. */
const NOT_REPLAYED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'date',
  'age',
  'content-length',
  'x-request-id',
]);
/** What a 304 carries of the 200 it stands for (RFC 9110, 15.4.5). */
const NOT_MODIFIED_HEADERS = ['cache-control', 'content-location', 'etag', 'expires', 'vary'];

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** The compression middleware's brotli quality. */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** A service's whole answer to a GET of the gateway's own. */
type ServiceAnswer = WholeAnswer;

/** An answer kept for anonymous GETs of its URL. */
interface StoredAnswer {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag?: string;
  storedAt: number;
  /** After this (half its lifetime), a request it answers also fetches its successor in the background. */
  refreshAfter: number;
  serviceAgeSeconds: number;
  noTransform: boolean;
  /** The body gzip- or brotli-encoded, each made once, on first demand. */
  coded: Partial<Record<ContentCoding, Promise<Buffer>>>;
}

type Fetched = { answer: ServiceAnswer; stored?: StoredAnswer };

/**
 * The gateway's shared cache ("microcache") for the routes marked `sharedCache` (the public
 * catalog): anonymous GETs and HEADs are answered from memory for as long as the service's
 * Cache-Control lets a shared cache keep its answer (`public, s-maxage=1` for the catalog), and never
 * longer than API_CACHE_MS (500 ms), so that a change shows within a second.
 *
 * - While an answer is being fetched, the other requests for the same URL wait for it rather than
 *   going to the service too (coalescing); an answer the service does not let a shared cache keep
 *   is not shared: each of them then goes to the service itself.
 * - Past half its lifetime, an answer still serves, and the request also fetches its successor in
 *   the background: under load the cache never runs dry, and no request waits for a refill.
 * - If-None-Match is answered 304 from the stored ETag; bodies of 1 KB or more are sent brotli- or
 *   gzip-encoded as the client accepts, each encoding made once per stored answer.
 * - Requests with Authorization never reach this (`takes` leaves them to the proxy),
 *   answers marked private, no-store or no-cache, setting cookies, varying on more than
 *   Accept-Encoding, or other than 200 are never kept.
 */
@Injectable()
export class ApiCache {
  private readonly logger = new Logger('ApiCache');
  private readonly entries?: LRUCache<string, StoredAnswer>;
  private readonly fetching = new Map<string, Promise<Fetched>>();
  private readonly maxMs: number;
  private readonly timeoutMs: number;

  constructor(
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    private readonly pool: UpstreamPool,
    private readonly security: SecurityHeaders,
    private readonly clients: ClientAddresses,
    private readonly metrics: ShopMetrics,
  ) {
    this.maxMs = config.API_CACHE_MS;
    this.timeoutMs = config.UPSTREAM_TIMEOUT_MS;
    if (this.maxMs > 0) {
      this.entries = new LRUCache<string, StoredAnswer>({
        max: MAX_ENTRIES,
        maxSize: MAX_BYTES,
        // The identity body and, at most, two smaller encodings of it.
        sizeCalculation: (stored, key) => 2 * stored.body.length + key.length,
      });
    }
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  /**
   * A write to `upstream` went through this gateway and succeeded (a product edited, say): its stored
   * answers are dropped at once rather than at the end of their short lifetime. Other gateway replicas,
   * and the storefront server's renders (docs/ssr.md), keep theirs for at most their lifetime.
   */
  changed(upstream: Upstream): void {
    if (this.entries) for (const key of [...this.entries.keys()]) if (key.startsWith(`${upstream} `)) this.entries.delete(key);
  }

  /**
   * May the cache answer this request (of a shared-cache route)? Only an anonymous GET or HEAD: a
   * request with Authorization goes to the service, its answer neither stored nor served from the store.
   */
  takes(req: IncomingMessage): boolean {
    return this.enabled && (req.method === 'GET' || req.method === 'HEAD') && req.headers.authorization === undefined;
  }

  /**
   * Answers an anonymous GET or HEAD of a shared-cache route, or calls `next` to let the proxy
   * answer it (a HEAD that finds nothing stored, an answer not to be shared, one too large).
   */
  async answer(upstream: Upstream, req: IncomingMessage, res: ServerResponse, requestId: string, next: () => void): Promise<void> {
    const key = `${upstream} ${req.url}`;
    const stored = this.entries?.get(key);
    this.metrics.cacheRead('api', stored !== undefined);
    if (stored) {
      if (performance.now() >= stored.refreshAfter) this.refresh(key, upstream, req, requestId);
      return this.send(req, res, requestId, stored);
    }
    if (req.method !== 'GET') return next();
    const underWay = this.fetching.get(key);
    let fetched: Fetched;
    try {
      fetched = await (underWay ?? this.fetch(key, upstream, req, requestId));
    } catch (error) {
      if (underWay || error instanceof AnswerTooLarge) return next();
      const failure = error instanceof Error ? error : new Error(String(error));
      withRequestId(requestId, () => this.logger.warn(`${req.method} ${req.url} -> ${upstream} failed: ${failure.message}`));
      // As the proxy does: an answer the service began and broke off reaches the client broken, never whole-looking.
      if (failure instanceof AnswerCutShort) return void res.destroy();
      return answerUpstreamFailure(res, failure, upstream, this.security.answerHeaders(requestId));
    }
    if (fetched.stored) return this.send(req, res, requestId, fetched.stored);
    if (underWay) return next();
    return this.sendAsIs(req, res, requestId, fetched.answer);
  }

  /** Fetches the successor of a stored answer in the background, unless it is already under way. */
  private refresh(key: string, upstream: Upstream, req: IncomingMessage, requestId: string): void {
    if (this.fetching.has(key)) return;
    this.fetch(key, upstream, req, requestId).catch((error: unknown) => this.logger.debug(`refreshing ${key} failed: ${String(error)}`));
  }

  /** GETs the request's URL from its service (the whole answer), and keeps it if a shared cache may. */
  private fetch(key: string, upstream: Upstream, req: IncomingMessage, requestId: string): Promise<Fetched> {
    const headers = forwardedHeadersOf(req, requestId, this.clients.of(req));
    for (const name of CONDITIONAL_HEADERS) delete headers[name];
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    return this.fetchWith(key, upstream, req.url ?? '/', headers);
  }

  /** GETs `url` from its service with `headers` (the whole answer, unencoded), and keeps it if a shared cache may. */
  private fetchWith(key: string, upstream: Upstream, url: string, headers: IncomingHttpHeaders): Promise<Fetched> {
    headers['accept-encoding'] = 'identity';
    const fetched = this.get(upstream, url, headers).then((answer): Fetched => {
      const lifetimeMs = sharedLifetimeMs(answer.status, answer.headers, this.maxMs);
      if (lifetimeMs <= 0 || !this.entries) return { answer };
      const stored = storedAnswerOf(answer, lifetimeMs);
      this.entries.set(key, stored, { ttl: lifetimeMs });
      return { answer, stored };
    });
    this.fetching.set(key, fetched);
    const settled = () => {
      if (this.fetching.get(key) === fetched) this.fetching.delete(key);
    };
    fetched.then(settled, settled);
    return fetched;
  }

  /**
   * An anonymous GET of a shared-cache route made by the gateway itself (the server render reading a
   * page's first answers, docs/ssr.md): answered from the store, or from the fetch already under way,
   * or fetched and kept, exactly as a browser's request would be, so a page and its API share one
   * answer. Never an encoded body. Rejects when the service does not answer (as the proxy would 502/504).
   */
  async read(upstream: Upstream, url: string, requestId: string): Promise<{ status: number; headers: IncomingHttpHeaders | OutgoingHttpHeaders; body: Buffer }> {
    const key = `${upstream} ${url}`;
    const stored = this.entries?.get(key);
    this.metrics.cacheRead('api', stored !== undefined);
    if (stored) {
      if (performance.now() >= stored.refreshAfter && !this.fetching.has(key)) {
        this.fetchWith(key, upstream, url, this.ownHeaders(requestId)).catch((error: unknown) => this.logger.debug(`refreshing ${key} failed: ${String(error)}`));
      }
      return { status: 200, headers: stored.headers, body: stored.body };
    }
    const { answer } = await (this.fetching.get(key) ?? this.fetchWith(key, upstream, url, this.ownHeaders(requestId)));
    return answer;
  }

  /** The headers of a GET the gateway makes itself: JSON, its request id, and nothing of a client's. */
  private ownHeaders(requestId: string): IncomingHttpHeaders {
    return { accept: 'application/json', [REQUEST_ID_HEADER]: requestId };
  }

  /**
   * One GET to a service, its body read whole (up to MAX_BODY_BYTES), bounded in time like a proxied
   * request. As the proxy does for a GET, one whose replica failed (refused the connection, or dropped
   * it before the answer was whole) goes once to another replica: nothing has reached the client yet.
   * One that was only slow is not sent again, so a slow service is not asked twice.
   */
  private async get(upstream: Upstream, url: string, headers: IncomingHttpHeaders): Promise<ServiceAnswer> {
    // The path as the client sent it, below the service's base path (as the proxy joins them).
    const options = { headers, timeoutMs: this.timeoutMs, maxBytes: MAX_BODY_BYTES };
    const first = this.pool.pick(upstream);
    try {
      return await this.pool.getWhole(first, url, options);
    } catch (error) {
      if (error instanceof AnswerTooLarge || isTimeout(error) || isRefusedRequest(error) || this.pool.all(upstream).length < 2) throw error;
      return this.pool.getWhole(this.pool.pick(upstream, first), url, options);
    }
  }

  /** Answers from a stored answer: 304 when If-None-Match holds its ETag, else its body in the best coding the client takes. */
  private async send(req: IncomingMessage, res: ServerResponse, requestId: string, stored: StoredAnswer): Promise<void> {
    const age = String(stored.serviceAgeSeconds + Math.floor((performance.now() - stored.storedAt) / 1000));
    const headers = this.security.answerHeaders(requestId);
    if (ifNoneMatchHolds(req.headers['if-none-match'], stored.etag)) {
      for (const name of NOT_MODIFIED_HEADERS) if (stored.headers[name] !== undefined) headers[name] = stored.headers[name];
      headers.age = age;
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const coding = stored.noTransform || stored.body.length < COMPRESSION_THRESHOLD ? undefined : preferredCodingOf(req.headers['accept-encoding']);
    const body = coding ? await this.coded(stored, coding) : stored.body;
    res.writeHead(200, Object.assign(headers, stored.headers, { age, 'content-length': body.length }, coding ? { 'content-encoding': coding } : {}));
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** The stored body in `coding`, encoded once (brotli at the compression middleware's quality 4). */
  private coded(stored: StoredAnswer, coding: ContentCoding): Promise<Buffer> {
    let body = stored.coded[coding];
    if (!body) {
      body =
        coding === 'br'
          ? brotli(stored.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: stored.body.length } })
          : gzipped(stored.body);
      stored.coded[coding] = body;
    }
    return body;
  }

  /** An answer that is not to be kept, to the request that fetched it, as the proxy would pass it on. */
  private async sendAsIs(req: IncomingMessage, res: ServerResponse, requestId: string, answer: ServiceAnswer): Promise<void> {
    const headers = Object.assign(this.security.answerHeaders(requestId), replayedHeadersOf(answer.headers), { 'content-length': answer.body.length });
    const { varies, coding } = compressionOf(req, answer.status, headers);
    if (varies) headers.vary = varyingOnAcceptEncoding(headers.vary);
    const body = coding ? await (coding === 'br' ? brotli(answer.body, BROTLI_OPTIONS) : gzipped(answer.body)) : answer.body;
    if (coding) Object.assign(headers, { 'content-encoding': coding, 'content-length': body.length });
    res.writeHead(answer.status, headers);
    res.end(body);
  }
}

function replayedHeadersOf(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const replayed: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !NOT_REPLAYED.has(name)) replayed[name] = value;
  return replayed;
}

function storedAnswerOf(answer: ServiceAnswer, lifetimeMs: number): StoredAnswer {
  const headers = replayedHeadersOf(answer.headers);
  // The gateway sends the body in the coding the client takes: caches after it must tell them apart.
  const vary = typeof answer.headers.vary === 'string' && answer.headers.vary.trim() !== '' ? answer.headers.vary : undefined;
  headers.vary = vary && /accept-encoding/i.test(vary) ? vary : [vary, 'Accept-Encoding'].filter(Boolean).join(', ');
  const now = performance.now();
  const serviceAge = Number(answer.headers.age ?? 0);
  return {
    headers,
    body: answer.body,
    etag: typeof answer.headers.etag === 'string' ? answer.headers.etag : undefined,
    storedAt: now,
    refreshAfter: now + lifetimeMs / 2,
    serviceAgeSeconds: Number.isInteger(serviceAge) && serviceAge > 0 ? serviceAge : 0,
    noTransform: cacheDirectivesOf(answer.headers['cache-control']).has('no-transform'),
    coded: {},
  };
}
